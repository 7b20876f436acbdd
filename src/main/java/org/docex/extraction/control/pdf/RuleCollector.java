package org.docex.extraction.control.pdf;

import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.util.Matrix;
import org.docex.extraction.control.BoundingBox;

/**
 * The straight rules a page draws (stroked lines, stroked rectangles' edges, thin filled bars), in
 * display coordinates, collected while the text stripper walks the content stream anyway: the
 * table finder builds ruled tables from them. Curves, fills of areas and clipping paths are not
 * rules. At most {@link #MAX_RULES} per page: a drawing with more is no table.
 */
final class RuleCollector {

    static final int MAX_RULES = 2000;
    private static final int MAX_PATH_SEGMENTS = 4 * MAX_RULES;
    private static final java.util.Set<String> PATH_CONSTRUCTION = java.util.Set.of("m", "l", "h", "re", "c", "v", "y");
    private static final java.util.Set<String> PAINTING = java.util.Set.of("S", "s", "B", "B*", "b", "b*", "f", "F", "f*", "n");
    private static final double THIN = 2.0;
    private static final double STRAIGHT = 0.5;

    private final List<double[]> path = new ArrayList<>();
    private final List<double[]> thinRectangles = new ArrayList<>();
    private List<BoundingBox> rules = new ArrayList<>();
    private PageGeometry geometry;
    private double[] current;
    private double[] start;

    void startPage(PageGeometry page) {
        geometry = page;
        rules = new ArrayList<>();
        path.clear();
        thinRectangles.clear();
        current = null;
        start = null;
    }

    List<BoundingBox> rules() {
        return List.copyOf(rules);
    }

    /** Handles a path operator; false when {@code operator} is none. */
    boolean handle(String operator, List<COSBase> operands, Matrix ctm) {
        if (path.size() > MAX_PATH_SEGMENTS && !PAINTING.contains(operator)) {
            // A path this long is a drawing, not a table's rules: its segments are not kept.
            return PATH_CONSTRUCTION.contains(operator);
        }
        switch (operator) {
            case "m" -> point(operands, 0, ctm).ifPresent(p -> {
                current = p;
                start = p;
            });
            case "l" -> point(operands, 0, ctm).ifPresent(p -> {
                if (current != null) {
                    path.add(new double[] {current[0], current[1], p[0], p[1]});
                }
                current = p;
            });
            case "h" -> {
                if (current != null && start != null) {
                    path.add(new double[] {current[0], current[1], start[0], start[1]});
                    current = start;
                }
            }
            case "re" -> rectangle(operands, ctm);
            case "c", "v", "y" -> {
                // Curves are no rules; the path goes on from the curve's end.
                int last = operator.equals("c") ? 4 : 2;
                point(operands, last, ctm).ifPresent(p -> current = p);
            }
            case "S", "s", "B", "B*", "b", "b*" -> stroke();
            case "f", "F", "f*" -> fill();
            case "n" -> clear();
            default -> {
                return false;
            }
        }
        return true;
    }

    private void rectangle(List<COSBase> operands, Matrix ctm) {
        if (operands.size() < 4 || !operands.stream().limit(4).allMatch(COSNumber.class::isInstance)) {
            return;
        }
        float x = ((COSNumber) operands.get(0)).floatValue();
        float y = ((COSNumber) operands.get(1)).floatValue();
        float w = ((COSNumber) operands.get(2)).floatValue();
        float h = ((COSNumber) operands.get(3)).floatValue();
        double[] a = transform(x, y, ctm);
        double[] b = transform(x + w, y, ctm);
        double[] c = transform(x + w, y + h, ctm);
        double[] d = transform(x, y + h, ctm);
        path.add(new double[] {a[0], a[1], b[0], b[1]});
        path.add(new double[] {b[0], b[1], c[0], c[1]});
        path.add(new double[] {c[0], c[1], d[0], d[1]});
        path.add(new double[] {d[0], d[1], a[0], a[1]});
        thinRectangles.add(new double[] {Math.min(a[0], c[0]), Math.min(a[1], c[1]), Math.max(a[0], c[0]), Math.max(a[1], c[1])});
        current = a;
        start = a;
    }

    private void stroke() {
        for (double[] segment : path) {
            add(segment[0], segment[1], segment[2], segment[3]);
        }
        clear();
    }

    // A filled bar no thicker than a rule draws one; a filled area is a background, not a rule.
    private void fill() {
        for (double[] box : thinRectangles) {
            double width = box[2] - box[0];
            double height = box[3] - box[1];
            if (height <= THIN && width > THIN) {
                double y = (box[1] + box[3]) / 2;
                add(box[0], y, box[2], y);
            } else if (width <= THIN && height > THIN) {
                double x = (box[0] + box[2]) / 2;
                add(x, box[1], x, box[3]);
            }
        }
        clear();
    }

    private void add(double x0, double y0, double x1, double y1) {
        boolean horizontal = Math.abs(y1 - y0) <= STRAIGHT && Math.abs(x1 - x0) > THIN;
        boolean vertical = Math.abs(x1 - x0) <= STRAIGHT && Math.abs(y1 - y0) > THIN;
        if ((horizontal || vertical) && rules.size() < MAX_RULES && geometry != null) {
            rules.add(geometry.boxAroundCropPoints(new double[] {x0 - geometry.cropX(), x1 - geometry.cropX()},
                    new double[] {y0 - geometry.cropY(), y1 - geometry.cropY()}));
        }
    }

    private void clear() {
        path.clear();
        thinRectangles.clear();
    }

    private static java.util.Optional<double[]> point(List<COSBase> operands, int index, Matrix ctm) {
        if (operands.size() < index + 2 || !(operands.get(index) instanceof COSNumber x)
                || !(operands.get(index + 1) instanceof COSNumber y)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(transform(x.floatValue(), y.floatValue(), ctm));
    }

    private static double[] transform(float x, float y, Matrix ctm) {
        java.awt.geom.Point2D.Float point = ctm.transformPoint(x, y);
        return new double[] {point.x, point.y};
    }
}
