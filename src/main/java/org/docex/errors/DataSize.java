package org.docex.errors;

import java.util.Locale;

/** A size as an error message names it to a person: "50 MiB", "1.5 MiB", "800 KiB", "512 bytes". */
public final class DataSize {

    private static final long KIB = 1024;
    private static final long MIB = KIB * 1024;
    private static final long GIB = MIB * 1024;

    private DataSize() {
    }

    public static String readable(long bytes) {
        if (bytes >= GIB) {
            return scaled(bytes, GIB, "GiB");
        }
        if (bytes >= MIB) {
            return scaled(bytes, MIB, "MiB");
        }
        if (bytes >= KIB) {
            return scaled(bytes, KIB, "KiB");
        }
        return bytes == 1 ? "1 byte" : bytes + " bytes";
    }

    private static String scaled(long bytes, long unit, String name) {
        if (bytes % unit == 0) {
            return bytes / unit + " " + name;
        }
        return String.format(Locale.ROOT, "%.1f %s", bytes / (double) unit, name);
    }
}
