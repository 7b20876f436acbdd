package org.docex.extraction.control.keyvalue;

/** A label found on a page and the site of the value it introduces. */
public record KeyValuePair(String label, ValueSite site) {
}
