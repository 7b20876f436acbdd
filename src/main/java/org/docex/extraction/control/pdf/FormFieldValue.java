package org.docex.extraction.control.pdf;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationWidget;
import org.apache.pdfbox.pdmodel.interactive.form.PDButton;
import org.apache.pdfbox.pdmodel.interactive.form.PDCheckBox;
import org.apache.pdfbox.pdmodel.interactive.form.PDChoice;
import org.apache.pdfbox.pdmodel.interactive.form.PDPushButton;
import org.apache.pdfbox.pdmodel.interactive.form.PDSignatureField;
import org.apache.pdfbox.pdmodel.interactive.form.PDTerminalField;

/**
 * A form field's value as a person sees it ({@code shown}) and as stored ({@code raw}).
 * Check boxes read "true" or "false"; radio groups and lists show the selected option. A field
 * nobody filled in reads as the empty string: the form's fields are reported either way, so a
 * reviewer sees what the form asks for.
 */
record FormFieldValue(String shown, String raw, String selectedState) {

    private static final String OFF = "Off";

    static Optional<FormFieldValue> of(PDTerminalField field) {
        if (field instanceof PDPushButton || field instanceof PDSignatureField) {
            return Optional.empty();
        }
        if (field instanceof PDCheckBox box) {
            String raw = box.getValue();
            return Optional.of(new FormFieldValue(String.valueOf(box.isChecked()), raw, raw));
        }
        if (field instanceof PDButton radio) {
            String raw = radio.getValue();
            if (raw == null || raw.isEmpty() || OFF.equals(raw)) {
                return Optional.of(new FormFieldValue("", raw == null ? "" : raw, null));
            }
            return Optional.of(new FormFieldValue(exportValueOf(radio, raw), raw, raw));
        }
        if (field instanceof PDChoice choice) {
            return choiceValue(choice);
        }
        String raw = field.getValueAsString() == null ? "" : field.getValueAsString();
        return Optional.of(new FormFieldValue(raw.strip(), raw, null));
    }

    /** The widget to point at: the selected one of a radio group, else the first. */
    PDAnnotationWidget widget(PDTerminalField field) {
        List<PDAnnotationWidget> widgets = field.getWidgets();
        if (widgets.isEmpty()) {
            return null;
        }
        if (selectedState != null) {
            for (PDAnnotationWidget widget : widgets) {
                COSName state = widget.getAppearanceState();
                if (state != null && state.getName().equals(selectedState)) {
                    return widget;
                }
            }
        }
        return widgets.get(0);
    }

    /** Radio states are often indices ("0", "1") into /Opt, which holds what the form shows. */
    private static String exportValueOf(PDButton button, String state) {
        List<String> exports = button.getExportValues();
        if (!exports.isEmpty() && state.chars().allMatch(Character::isDigit) && state.length() < 6) {
            int index = Integer.parseInt(state);
            if (index < exports.size()) {
                return exports.get(index);
            }
        }
        return state;
    }

    private static Optional<FormFieldValue> choiceValue(PDChoice choice) {
        List<String> selected = choice.getValue();
        List<String> exports = choice.getOptionsExportValues();
        List<String> displays = choice.getOptionsDisplayValues();
        List<String> shown = new ArrayList<>();
        for (String value : selected) {
            int index = exports.indexOf(value);
            shown.add(index >= 0 && index < displays.size() ? displays.get(index) : value);
        }
        return Optional.of(new FormFieldValue(String.join(", ", shown), String.join(", ", selected), null));
    }
}
