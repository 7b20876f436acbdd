package org.docex.testing;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A black-box test class: Arquillian deploys the subclass's {@code @Deployment} once (booting
 * Payara Micro), and the tests call the HTTP API as a client would.
 *
 * <p>With {@code -Ddocex.it.url=http://host:port/} the tests call a server that is already running
 * instead (the same WAR on another Jakarta EE server), and Arquillian deploys nothing. That server
 * must run with the settings of {@link Accounts#settings()}; {@code -Ddocex.it.server-data-dir}
 * names its {@code DOCEX_DATA_DIR} for the tests that look at stored files.
 */
@RunAsClient
public abstract class BlackBoxTest {

    static final String RUNNING_SERVER = System.getProperty("docex.it.url");

    @RegisterExtension
    static final Extension SERVER = RUNNING_SERVER == null ? new ArquillianExtension() : new Extension() { };

    /** One set of accounts per test class, so that the admin logs in once per deployment. */
    private static final Map<Class<?>, Accounts> ACCOUNTS = new ConcurrentHashMap<>();

    @ArquillianResource
    protected URL url;

    @BeforeEach
    void callTheRunningServer() throws MalformedURLException {
        if (RUNNING_SERVER != null) {
            url = URI.create(RUNNING_SERVER).toURL();
        }
    }

    protected Api api() {
        return Api.at(url);
    }

    protected Accounts accounts() {
        return ACCOUNTS.computeIfAbsent(getClass(), type -> new Accounts(api()));
    }
}
