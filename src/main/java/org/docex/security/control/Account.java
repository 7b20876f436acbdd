package org.docex.security.control;

import java.util.UUID;

/** Whom a session is opened for, as far as security needs to know: users' {@code User} is one. */
public interface Account {

    UUID id();

    String email();

    Role role();
}
