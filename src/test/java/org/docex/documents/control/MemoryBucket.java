package org.docex.documents.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/** A bucket in memory for the unit tests: objects by key with the time they were written, and a count of downloads. */
final class MemoryBucket implements Bucket {

    private record Stored(byte[] bytes, Instant lastModified) {
    }

    private final Map<String, Stored> objects = new ConcurrentSkipListMap<>();
    final AtomicInteger downloads = new AtomicInteger();
    /** Runs at the start of each download, on the downloading thread. */
    volatile Runnable onDownload = () -> { };
    private final int pageSize;

    MemoryBucket() {
        this(PAGE);
    }

    MemoryBucket(int pageSize) {
        this.pageSize = pageSize;
    }

    void putWritten(String key, byte[] bytes, Instant lastModified) {
        objects.put(key, new Stored(bytes.clone(), lastModified));
    }

    List<String> keys() {
        return List.copyOf(objects.keySet());
    }

    @Override
    public void put(String key, Path file) {
        try {
            put(key, Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void put(String key, byte[] bytes) {
        putWritten(key, bytes, Instant.now());
    }

    @Override
    public boolean copyTo(String key, Path target) {
        downloads.incrementAndGet();
        onDownload.run();
        Optional<byte[]> bytes = get(key);
        try {
            if (bytes.isPresent()) {
                Files.write(target, bytes.get());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.isPresent();
    }

    @Override
    public Optional<byte[]> get(String key) {
        return Optional.ofNullable(objects.get(key)).map(stored -> stored.bytes().clone());
    }

    @Override
    public void delete(String key) {
        objects.remove(key);
    }

    @Override
    public void list(String prefix, Predicate<List<StoredObject>> eachPage) {
        List<StoredObject> page = new ArrayList<>();
        for (Map.Entry<String, Stored> object : objects.entrySet()) {
            if (object.getKey().startsWith(prefix)) {
                page.add(new StoredObject(object.getKey(), object.getValue().lastModified()));
            }
            if (page.size() == pageSize) {
                if (!eachPage.test(List.copyOf(page))) {
                    return;
                }
                page.clear();
            }
        }
        if (!page.isEmpty()) {
            eachPage.test(page);
        }
    }

    @Override
    public void check() {
    }
}
