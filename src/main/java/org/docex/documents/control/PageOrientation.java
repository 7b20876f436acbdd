package org.docex.documents.control;

import java.awt.image.BufferedImage;

/**
 * How far an uploaded image's page is turned from upright, so that it is stored upright. The
 * extraction component implements it (its OCR engine can tell); the documents component only asks,
 * so the dependency keeps pointing from extraction to documents.
 */
public interface PageOrientation {

    /** The quarter turns clockwise (0 to 3) that make {@code page}'s text upright; 0 where it is, or where that cannot be told. */
    int uprightTurns(BufferedImage page);
}
