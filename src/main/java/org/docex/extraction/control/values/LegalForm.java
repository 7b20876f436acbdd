package org.docex.extraction.control.values;

import java.util.regex.Pattern;

/**
 * The legal form in a company's name (GmbH, AG, Ltd, Inc., LLC, plc, S.A., B.V., S.r.l., S.L., Oy,
 * sp. z o.o., ...). Two-letter forms that are also common words in capitals (AS, SE, SL, SC) count
 * only with their dots.
 */
public final class LegalForm {

    public static final Pattern PATTERN = Pattern.compile(
            "(?<![\\p{L}])(?:GmbH|AG|KG|KGaA|OHG|GbR|UG|e\\.\\s?K\\.|e\\.\\s?V\\.|a\\.\\s?G\\.|VVaG|eG|Ltd\\.?|Limited|LLC|LLP|"
                    + "PLLC|Inc\\.?|Corp\\.?|Corporation|PLC|plc|S\\.A\\.|SA|SARL|S\\.A\\.R\\.L\\.|SAS|SASU|EURL|SNC|B\\.V\\.|BV|"
                    + "N\\.V\\.|BVBA|SPRL|VOF|v\\.o\\.f\\.|S\\.p\\.A\\.|SpA|S\\.r\\.l\\.|Srl|SRL|S\\.L\\.(?:U\\.)?|S\\.C\\.|"
                    + "S\\.\\s?de\\s?R\\.L\\.|Lda\\.?|Ltda\\.?|Oy|Oyj|AB|ApS|A/S|ASA|sp\\.\\s?z\\s?o\\.\\s?o\\.|"
                    + "s\\.\\s?r\\.\\s?o\\.|a\\.\\s?s\\.|Kft\\.|Zrt\\.|Pty\\.?|Co\\.)(?![\\p{L}])");

    private LegalForm() {
    }
}
