package org.docex.documents.control;

import java.util.List;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSObject;

/** The values of PDF containers with indirect references resolved; a missing container has none. */
final class CosValues {

    private CosValues() {
    }

    static List<COSBase> values(COSDictionary dictionary) {
        return dictionary == null ? List.of() : dictionary.getValues().stream().map(CosValues::resolved).toList();
    }

    static List<COSBase> values(COSArray array) {
        return array == null ? List.of() : array.toList().stream().map(CosValues::resolved).toList();
    }

    /** A single value seen as a container of one, so that "one or an array of" reads the same. */
    static List<COSBase> values(COSBase single) {
        COSBase value = resolved(single);
        return value == null ? List.of() : List.of(value);
    }

    private static COSBase resolved(COSBase value) {
        return value instanceof COSObject reference ? reference.getObject() : value;
    }
}
