package org.docex.testing;

import java.net.URL;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A black-box test class: Arquillian deploys the subclass's {@code @Deployment} once (booting
 * Payara Micro), and the tests call the HTTP API as a client would.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public abstract class BlackBoxTest {

    /** One set of accounts per test class, so that the admin logs in once per deployment. */
    private static final Map<Class<?>, Accounts> ACCOUNTS = new ConcurrentHashMap<>();

    @ArquillianResource
    protected URL url;

    protected Api api() {
        return Api.at(url);
    }

    protected Accounts accounts() {
        return ACCOUNTS.computeIfAbsent(getClass(), type -> new Accounts(api()));
    }
}
