package org.docex.documents.control;

import java.nio.file.Path;

/** An upload written to disk, with its size and SHA-256 (lower-case hex) computed while streaming. */
public record UploadedFile(Path path, long sizeBytes, String sha256Hex) {
}
