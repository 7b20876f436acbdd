package org.docex.extraction.control;

/** One page as displayed: width and height are swapped for pages rotated by 90 or 270 degrees. */
public record PageResult(int number, double width, double height, int rotation, String text, boolean hasTextLayer) {
}
