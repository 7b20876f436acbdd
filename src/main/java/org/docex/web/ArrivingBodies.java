package org.docex.web;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.ServletInputStream;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.documents.control.FileStore;

/**
 * Receives request bodies without a request thread: the request goes asynchronous (the endpoint
 * takes an {@code AsyncResponse}), and the body is read as it arrives (see {@link ArrivingBody}).
 * One thread checks the pace of those still arriving once a second.
 */
@ApplicationScoped
public class ArrivingBodies {

    private static final Logger LOG = Logger.getLogger(ArrivingBodies.class.getName());

    @Resource
    ManagedThreadFactory threadFactory;

    @Inject
    RequestBodySettings settings;

    @Inject
    FileStore files;

    private final Set<ArrivingBody> arriving = ConcurrentHashMap.newKeySet();
    private ScheduledExecutorService watch;

    /**
     * Starts reading the body of the current request, which must be in asynchronous mode.
     * {@code declaredLength} is its Content-Length, or -1 when it has none (chunked).
     */
    public ArrivingBody receive(ServletInputStream in, long limit, long declaredLength) throws IOException {
        ArrivingBody body = new ArrivingBody(in, limit, declaredLength, files::newTempFile, System.nanoTime());
        add(body);
        in.setReadListener(body);
        return body;
    }

    private synchronized void add(ArrivingBody body) {
        if (watch == null) {
            watch = Executors.newSingleThreadScheduledExecutor(threadFactory);
            watch.scheduleWithFixedDelay(this::checkAll, 1, 1, TimeUnit.SECONDS);
        }
        arriving.add(body);
    }

    private void checkAll() {
        long now = System.nanoTime();
        long window = settings.window().toNanos();
        long minRate = settings.minRate();
        for (ArrivingBody body : arriving) {
            try {
                if (!body.checkPace(now, window, minRate)) {
                    arriving.remove(body);
                }
            } catch (RuntimeException e) {
                arriving.remove(body);
                LOG.log(Level.WARNING, "Checking a request body's pace failed", e);
            }
        }
    }

    @PreDestroy
    synchronized void stop() {
        if (watch != null) {
            watch.shutdownNow();
        }
    }
}
