package org.docex.extraction.boundary;

import java.util.Map;

/**
 * The body of a review as the OpenAPI document describes it. The endpoint reads the body itself
 * (see {@link org.docex.review.control.ReviewCommand}) to tell a number or an object in
 * {@code fields} from a string and refuse it.
 */
public record ReviewRequest(String action, Map<String, String> fields, String comment, Long version) {
}
