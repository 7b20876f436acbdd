package org.docex.documents.control;

/** An upload that went past the size limit; reading stopped there. */
public class UploadTooLargeException extends Exception {

    private final long maxBytes;

    public UploadTooLargeException(long maxBytes) {
        super("The file is larger than " + maxBytes + " bytes");
        this.maxBytes = maxBytes;
    }

    public long maxBytes() {
        return maxBytes;
    }
}
