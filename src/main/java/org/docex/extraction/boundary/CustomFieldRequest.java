package org.docex.extraction.boundary;

import org.docex.extraction.control.CustomField;

/** One custom field a client asks for; checked by the extraction's own validator (422 with its messages). */
public record CustomFieldRequest(String name, String pattern, String label, String type) {

    CustomField toField() {
        return new CustomField(name, pattern, label, type);
    }
}
