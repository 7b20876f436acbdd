package org.docex.extraction.control.text;

/** The marks set between the phrases of one line: "ACME GmbH · Hauptstr. 1 · 12345 Berlin", "Tel. 030 123 | info@acme.de". */
public final class Separators {

    /** A middle dot, bullets of several shapes, a bar. */
    public static final String BULLETS = "\u00b7\u2022\u25cf\u2219\u22c5\u25e6\u25aa|";

    private Separators() {
    }

    /** Whether {@code text} is one such mark alone, blanks around it aside. */
    public static boolean isBullet(String text) {
        String mark = text.strip();
        return mark.length() == 1 && BULLETS.indexOf(mark.charAt(0)) >= 0;
    }
}
