package org.docex.extraction.control;

@FunctionalInterface
public interface ProgressListener {

    ProgressListener NONE = (done, total) -> { };

    void pagesDone(int done, int total);
}
