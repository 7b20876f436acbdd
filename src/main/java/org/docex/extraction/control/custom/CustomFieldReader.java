package org.docex.extraction.control.custom;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.CustomField;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.keyvalue.LabelledValueLocator;
import org.docex.extraction.control.keyvalue.LabelledValueReader;
import org.docex.extraction.control.pdf.WorkDeadline;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.values.DateOrder;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.ValueNormaliser;
import org.docex.extraction.control.values.ValueType;

/**
 * Reads the fields a client defined. A pattern is searched over the page texts; a label is
 * looked up beside or below; with both, the pattern is searched in what the label introduces.
 * A pattern that needs more than its budget of character reads (catastrophic backtracking)
 * gives its field no value, and the rest of the extraction goes on; past the extraction's deadline,
 * the search stops with {@link WorkDeadline.DeadlineExceededException} as all of the extraction's work does.
 */
public final class CustomFieldReader {

    static final double PATTERN_CONFIDENCE = 0.9;
    private static final Logger LOG = Logger.getLogger(CustomFieldReader.class.getName());

    private final long maxSteps;
    private final DateOrder order;
    private final WorkDeadline deadline;

    public CustomFieldReader(long maxSteps, DateOrder order, WorkDeadline deadline) {
        this.maxSteps = maxSteps;
        this.order = order;
        this.deadline = deadline;
    }

    public List<ExtractedField> read(List<PageText> pages, List<CustomField> fields) {
        List<ExtractedField> found = new ArrayList<>();
        for (CustomField field : fields) {
            try {
                readOne(pages, field).ifPresent(found::add);
            } catch (BoundedCharSequence.BudgetExceededException e) {
                LOG.warning(() -> "Custom field '" + field.name() + "' skipped: its pattern needs too much work");
            }
        }
        return found;
    }

    private Optional<ExtractedField> readOne(List<PageText> pages, CustomField field) {
        ValueType type = ValueType.named(field.type()).orElse(ValueType.STRING);
        Pattern pattern = isBlank(field.pattern()) ? null : Pattern.compile(field.pattern());
        BoundedCharSequence.StepBudget budget = new BoundedCharSequence.StepBudget(maxSteps, deadline);
        if (isBlank(field.label())) {
            return searchPages(pages, pattern, type, budget, field.name());
        }
        LabelledValueReader reader = new LabelledValueReader(
                text -> pattern == null ? ValueNormaliser.atStart(type, text, order) : firstMatch(pattern, text, type, budget),
                false).label(LabelledValueLocator.forLabelText(field.label()));
        return reader.best(pages).map(value -> value.toField(field.name(), ExtractedField.CUSTOM));
    }

    private Optional<ExtractedField> searchPages(List<PageText> pages, Pattern pattern, ValueType type,
                                                 BoundedCharSequence.StepBudget budget, String name) {
        for (PageText page : pages) {
            Optional<ParsedValue> value = firstMatch(pattern, page.text(), type, budget);
            if (value.isPresent()) {
                ParsedValue parsed = value.get();
                return Optional.of(new ExtractedField(name, parsed.value(), parsed.rawIn(page.text()), type.apiName(),
                        PATTERN_CONFIDENCE * parsed.certainty(), ExtractedField.CUSTOM, page.pageNumber(),
                        page.boxOf(parsed.start(), parsed.end())));
            }
        }
        return Optional.empty();
    }

    /** The first match that reads as a value of {@code type}; offsets are in {@code text}. */
    private Optional<ParsedValue> firstMatch(Pattern pattern, String text, ValueType type,
                                             BoundedCharSequence.StepBudget budget) {
        Matcher matcher = pattern.matcher(new BoundedCharSequence(text, budget));
        while (matcher.find()) {
            int group = matcher.groupCount() >= 1 && matcher.group(1) != null ? 1 : 0;
            int start = matcher.start(group);
            String matched = text.substring(start, matcher.end(group));
            Optional<ParsedValue> value = ValueNormaliser.whole(type, matched, order);
            if (value.isPresent()) {
                int lead = matched.length() - matched.stripLeading().length();
                ParsedValue parsed = value.get();
                return Optional.of(new ParsedValue(parsed.value(), type, start + lead + parsed.start(),
                        start + lead + parsed.end(), parsed.certainty()));
            }
            if (matcher.end() == matcher.start() && matcher.end() >= text.length()) {
                break;
            }
        }
        return Optional.empty();
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }
}
