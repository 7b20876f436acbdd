package org.docex.extraction.control.pdf;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.cos.COSString;
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
    private static final int MAX_INHERITANCE_DEPTH = 32;

    static Optional<FormFieldValue> of(PDTerminalField field, Budget budget) {
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
        String raw = textValue(field, budget);
        return Optional.of(new FormFieldValue(raw.strip(), raw, null));
    }

    /**
     * How many bytes of text field values one document may have decoded: {@code getValueAsString()}
     * decodes a /V stream whole, so a 1 KB PDF whose value is a doubly deflated gigabyte would fill
     * the heap. Each value is read to at most {@link #MAX_VALUE_BYTES}, all of them to
     * {@link #MAX_DOCUMENT_BYTES}; what is cut is said in a warning.
     */
    static final class Budget {
        static final int MAX_VALUE_BYTES = 64 * 1024;
        static final int MAX_DOCUMENT_BYTES = 1024 * 1024;
        private long left = MAX_DOCUMENT_BYTES;
        private final List<String> cut = new ArrayList<>();

        List<String> cut() {
            return cut;
        }
    }

    /** The text field's /V (its own or inherited from its parents), decoded as PDFBox decodes text strings, within the budget. */
    static String textValue(PDTerminalField field, Budget budget) {
        COSBase value = inherited(field.getCOSObject(), COSName.V);
        byte[] bytes;
        if (value instanceof COSString string) {
            bytes = string.getBytes();
        } else if (value instanceof COSStream stream) {
            try (InputStream in = stream.createInputStream()) {
                bytes = in.readNBytes((int) Math.min(Budget.MAX_VALUE_BYTES, budget.left) + 1);
            } catch (IOException e) {
                return "";
            }
        } else {
            return "";
        }
        int allowed = (int) Math.min(Budget.MAX_VALUE_BYTES, budget.left);
        if (bytes.length > allowed) {
            budget.cut.add(field.getFullyQualifiedName());
            bytes = Arrays.copyOf(bytes, allowed);
        }
        budget.left -= bytes.length;
        return new COSString(bytes).getString();
    }

    private static COSBase inherited(COSDictionary dictionary, COSName key) {
        COSDictionary node = dictionary;
        for (int depth = 0; node != null && depth < MAX_INHERITANCE_DEPTH; depth++) {
            COSBase value = node.getDictionaryObject(key);
            if (value != null) {
                return value;
            }
            node = node.getCOSDictionary(COSName.PARENT);
        }
        return null;
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
