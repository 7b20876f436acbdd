package org.docex.documents.control;

import org.docex.errors.DataSize;

/** An upload that went past the size limit; reading stopped there. */
public class UploadTooLargeException extends Exception {

    private final long maxBytes;

    public UploadTooLargeException(long maxBytes) {
        super("The file is larger than " + DataSize.readable(maxBytes));
        this.maxBytes = maxBytes;
    }

    public long maxBytes() {
        return maxBytes;
    }
}
