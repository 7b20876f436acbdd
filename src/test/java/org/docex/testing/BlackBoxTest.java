package org.docex.testing;

import java.net.URL;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A black-box test class: the tests call the HTTP API of a server as a client would.
 *
 * <p>A class annotated {@link SharedServer} calls the server of its {@link ServerGroup}: Payara Micro
 * started with the README's run command ({@link ServerProcess}) and the group's settings, once per
 * test JVM, when the first class of the group runs, and stopped when the JVM's tests end. Any other
 * class has a server of its own: Arquillian deploys its {@code @Deployment} once (booting Payara Micro).
 *
 * <p>With {@code -Ddocex.it.url=http://host:port/} the tests call a server that is already running
 * instead (the same WAR on another Jakarta EE server): no server is started and Arquillian deploys
 * nothing. That server must run with the settings of the classes' group ({@link ServerGroup#settings()});
 * {@code -Ddocex.it.server-data-dir} names its {@code DOCEX_DATA_DIR} for the tests that look at stored files.
 */
@RunAsClient
public abstract class BlackBoxTest {

    static final String RUNNING_SERVER = System.getProperty("docex.it.url");

    @RegisterExtension
    static final Extension SERVER = new BlackBoxServer();

    /** One set of accounts per test class, so that the admin logs in once per class. */
    private static final Map<Class<?>, Accounts> ACCOUNTS = new ConcurrentHashMap<>();

    @ArquillianResource
    protected URL url;

    /** The data directory of a shared or running server; null for a class with a deployment of its own. */
    Path dataDir;

    protected Api api() {
        return Api.at(url);
    }

    protected Accounts accounts() {
        return ACCOUNTS.computeIfAbsent(getClass(), type -> new Accounts(api()));
    }

    /** The {@code DOCEX_DATA_DIR} of the server this class calls, a shared or a running one. */
    protected Path dataDir() {
        if (dataDir == null) {
            throw new IllegalStateException("A class with a deployment of its own names its data directory: DocexDeployment.dataDir(name)");
        }
        return dataDir;
    }
}
