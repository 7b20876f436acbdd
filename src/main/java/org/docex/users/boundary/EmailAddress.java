package org.docex.users.boundary;

/**
 * The form an e-mail address must have: {@code name@domain}, one {@code @}, no spaces, a domain
 * of letters, digits, hyphens and dots, at most 254 characters. Deliverability is not checked.
 */
final class EmailAddress {

    static final String PATTERN = "^(?=.{3,254}$)[^@\\s\\p{Cntrl}]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?"
            + "(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*$";
    static final String MESSAGE = "must be an e-mail address of the form name@domain";

    private EmailAddress() {
    }
}
