package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class TemplateTest {

    @Test
    void templatesAreNamedInLowerCase() {
        assertEquals(Optional.of(Template.GENERIC), Template.named("generic"));
        assertEquals(Optional.of(Template.INVOICE), Template.named("invoice"));
        assertEquals(Optional.empty(), Template.named("INVOICE"));
        assertEquals(Optional.empty(), Template.named(null));
    }
}
