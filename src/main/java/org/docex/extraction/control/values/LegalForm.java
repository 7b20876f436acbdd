package org.docex.extraction.control.values;

import java.util.regex.Pattern;

/** The legal form in a company's name (GmbH, AG, Ltd, Inc., LLC, plc, S.A., B.V., ...). */
public final class LegalForm {

    public static final Pattern PATTERN = Pattern.compile(
            "(?<![\\p{L}])(?:GmbH|AG|KG|KGaA|OHG|GbR|UG|e\\.\\s?K\\.|Ltd\\.?|Limited|LLC|LLP|Inc\\.?|Corp\\.?|"
                    + "Corporation|PLC|plc|S\\.A\\.|SA|SARL|B\\.V\\.|BV|N\\.V\\.|Co\\.)(?![\\p{L}])");

    private LegalForm() {
    }
}
