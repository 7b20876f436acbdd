package org.docex.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A black-box test class that calls the server of its group instead of deploying a WAR of its own:
 * one server per group and test JVM, started when the first of its classes runs (see
 * {@link BlackBoxTest}). The class must not depend on an empty server: it counts and finds only
 * what it created itself.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface SharedServer {

    ServerGroup value();
}
