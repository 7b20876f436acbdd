package org.docex.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.StoreScope;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * The server a black-box test class calls (see {@link BlackBoxTest}): the running server of
 * {@code -Ddocex.it.url}; else its group's shared server ({@link SharedServer}); else its own
 * deployment, which Arquillian boots (every callback is passed on to {@link ArquillianExtension}).
 */
final class BlackBoxServer implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback,
        BeforeTestExecutionCallback, InvocationInterceptor, ParameterResolver {

    private static final Namespace SHARED = Namespace.create(BlackBoxServer.class);

    private final ArquillianExtension arquillian = BlackBoxTest.RUNNING_SERVER == null ? new ArquillianExtension() : null;

    /** A group's server: the run command's process on a data directory of its own. */
    private record Shared(ServerProcess process, Path dataDir) implements AutoCloseable {

        static Shared start(ServerGroup group) {
            Path data = DocexDeployment.freshDataDir("shared-" + group.name().toLowerCase(Locale.ROOT).replace('_', '-'));
            try {
                return new Shared(ServerProcess.start(data, group.environment(), data.resolveSibling(data.getFileName() + ".log")),
                        data);
            } catch (IOException e) {
                throw new UncheckedIOException("The server of " + group + " did not start; its log is beside " + data, e);
            }
        }

        @Override
        public void close() {
            process.close();
        }
    }

    private static boolean deploysItsOwn(ExtensionContext context) {
        return BlackBoxTest.RUNNING_SERVER == null && group(context) == null;
    }

    private static ServerGroup group(ExtensionContext context) {
        SharedServer shared = context.getRequiredTestClass().getAnnotation(SharedServer.class);
        return shared == null ? null : shared.value();
    }

    /**
     * The group's server, started on first use. It is stopped when the test JVM's launcher session ends
     * (after the last class, whether its tests passed or not); with {@code DB_URL} set, after the class,
     * as a class's own deployment is: servers on one database must not claim each other's workflows.
     */
    private static Shared shared(ExtensionContext context) {
        ExtensionContext.Store store = EmbeddedDatabase.inUse()
                ? context.getStore(StoreScope.LAUNCHER_SESSION, SHARED)
                : context.getStore(SHARED);
        return store.getOrComputeIfAbsent(group(context), Shared::start, Shared.class);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        if (deploysItsOwn(context)) {
            arquillian.beforeAll(context);
        } else if (BlackBoxTest.RUNNING_SERVER == null) {
            shared(context);
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (deploysItsOwn(context)) {
            arquillian.afterAll(context);
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        if (deploysItsOwn(context)) {
            arquillian.beforeEach(context);
            return;
        }
        BlackBoxTest test = (BlackBoxTest) context.getRequiredTestInstance();
        if (BlackBoxTest.RUNNING_SERVER != null) {
            test.url = URI.create(BlackBoxTest.RUNNING_SERVER).toURL();
            String dataDir = System.getProperty("docex.it.server-data-dir");
            test.dataDir = dataDir == null ? null : Path.of(dataDir).toAbsolutePath();
        } else {
            Shared shared = shared(context);
            test.url = shared.process().base().toURL();
            test.dataDir = shared.dataDir();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        if (deploysItsOwn(context)) {
            arquillian.afterEach(context);
        }
    }

    @Override
    public void beforeTestExecution(ExtensionContext context) throws Exception {
        if (deploysItsOwn(context)) {
            arquillian.beforeTestExecution(context);
        }
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
            ExtensionContext context) throws Throwable {
        proceed(invocation, context, () -> arquillian.interceptTestMethod(invocation, method, context));
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
            ExtensionContext context) throws Throwable {
        proceed(invocation, context, () -> arquillian.interceptTestTemplateMethod(invocation, method, context));
    }

    @Override
    public void interceptBeforeAllMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
            ExtensionContext context) throws Throwable {
        proceed(invocation, context, () -> arquillian.interceptBeforeAllMethod(invocation, method, context));
    }

    @Override
    public void interceptAfterAllMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
            ExtensionContext context) throws Throwable {
        proceed(invocation, context, () -> arquillian.interceptAfterAllMethod(invocation, method, context));
    }

    @Override
    public void interceptBeforeEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
            ExtensionContext context) throws Throwable {
        proceed(invocation, context, () -> arquillian.interceptBeforeEachMethod(invocation, method, context));
    }

    @Override
    public void interceptAfterEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
            ExtensionContext context) throws Throwable {
        proceed(invocation, context, () -> arquillian.interceptAfterEachMethod(invocation, method, context));
    }

    /** A step of the test class's run: passed on to Arquillian for a class with a deployment of its own, else just taken. */
    private static void proceed(Invocation<Void> invocation, ExtensionContext context, Step arquillian) throws Throwable {
        if (deploysItsOwn(context)) {
            arquillian.run();
        } else {
            invocation.proceed();
        }
    }

    @FunctionalInterface
    private interface Step {
        void run() throws Throwable;
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return deploysItsOwn(context) && arquillian.supportsParameter(parameter, context);
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return arquillian.resolveParameter(parameter, context);
    }
}
