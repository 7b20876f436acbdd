package org.docex.documents.control;

import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.rendering.PageDrawer;
import org.apache.pdfbox.rendering.PageDrawerParameters;

/**
 * A PDFRenderer whose cost is bounded. PDFBox ignores thread interrupts, so the drawer checks the clock
 * before each content operator and gives up past the time limit. And a single path with coordinates near
 * Long.MAX_VALUE (a fuzzed file has them) keeps Java2D subdividing curves for a minute, so paths reaching
 * that far off the page, where nothing can be seen, are not drawn.
 */
final class TimeBoundedRenderer extends PDFRenderer {

    // Page space points; the largest page PDF allows is 14,400 points wide.
    private static final double MAX_COORDINATE = 1_000_000;

    private final long deadlineNanos;

    TimeBoundedRenderer(PDDocument document, Duration timeLimit) {
        super(document);
        this.deadlineNanos = System.nanoTime() + timeLimit.toNanos();
    }

    @Override
    protected PageDrawer createPageDrawer(PageDrawerParameters parameters) throws IOException {
        return new PageDrawer(parameters) {
            @Override
            protected void processOperator(Operator operator, List<COSBase> operands) throws IOException {
                if (System.nanoTime() - deadlineNanos > 0) {
                    throw new RenderTimeExceeded();
                }
                super.processOperator(operator, operands);
            }

            @Override
            public void strokePath() throws IOException {
                if (pathIsDrawable()) {
                    super.strokePath();
                }
            }

            @Override
            public void fillPath(int windingRule) throws IOException {
                if (pathIsDrawable()) {
                    super.fillPath(windingRule);
                }
            }

            @Override
            public void fillAndStrokePath(int windingRule) throws IOException {
                if (pathIsDrawable()) {
                    super.fillAndStrokePath(windingRule);
                }
            }

            private boolean pathIsDrawable() {
                Rectangle2D bounds = getLinePath().getBounds2D();
                boolean drawable = Math.abs(bounds.getMinX()) < MAX_COORDINATE && Math.abs(bounds.getMaxX()) < MAX_COORDINATE
                        && Math.abs(bounds.getMinY()) < MAX_COORDINATE && Math.abs(bounds.getMaxY()) < MAX_COORDINATE;
                if (!drawable) {
                    getLinePath().reset();
                }
                return drawable;
            }
        };
    }

    static final class RenderTimeExceeded extends IOException {
        RenderTimeExceeded() {
            super("Rendering ran past its time limit");
        }
    }
}
