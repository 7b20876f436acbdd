package org.docex.documents.control;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names docex gives the files it stores, the same under the data directory and in the bucket:
 * {@code documents/<id>.pdf}, {@code documents/<id>.xml|.jpg|.png|.tif} (an upload's own bytes) and
 * {@code renders/<id>/<page>-<dpi>.png} (page images in the bucket; {@code p<page>-<dpi>.png} on disk).
 */
final class StoredKeys {

    /** The extension of each kind of original kept beside the PDF, by content type; each four characters as ".pdf" is. */
    static final Map<String, String> ORIGINALS = Map.of("application/xml", ".xml",
            ImagePages.JPEG, ".jpg", ImagePages.PNG, ".png", ImagePages.TIFF, ".tif");

    private static final Pattern DOCUMENT_FILE = Pattern.compile("documents/([^/]+)(\\.pdf|"
            + String.join("|", ORIGINALS.values().stream().map(Pattern::quote).toList()) + ")");
    private static final Pattern RENDER = Pattern.compile("renders/([^/]+)/\\d{1,9}-\\d{1,4}\\.png");

    private StoredKeys() {
    }

    static String render(UUID documentId, int page, int dpi) {
        return "renders/" + documentId + "/" + page + "-" + dpi + ".png";
    }

    /** The document a stored file or page image belongs to; empty for a name docex does not make. */
    static Optional<UUID> documentOf(String key) {
        Matcher file = DOCUMENT_FILE.matcher(key);
        if (file.matches()) {
            return documentId(file.group(1));
        }
        Matcher render = RENDER.matcher(key);
        return render.matches() ? documentId(render.group(1)) : Optional.empty();
    }

    static Optional<UUID> documentId(String name) {
        try {
            UUID id = UUID.fromString(name);
            // UUID.fromString accepts short forms such as "1-2-3-4-5"; only the canonical form is ours.
            return id.toString().equals(name) ? Optional.of(id) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
