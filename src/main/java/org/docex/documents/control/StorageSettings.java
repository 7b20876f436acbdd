package org.docex.documents.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Where documents are kept: {@code DOCEX_STORAGE} and, for {@code s3}, the bucket's {@code DOCEX_S3_*} settings. */
@ApplicationScoped
public class StorageSettings {

    /** {@code local} (the data directory) or {@code s3} (the bucket below, the data directory as this node's copies). */
    @Inject
    @ConfigProperty(name = "docex.storage", defaultValue = "local")
    String storage;

    @Inject
    @ConfigProperty(name = "docex.s3-endpoint")
    Optional<String> s3Endpoint;

    @Inject
    @ConfigProperty(name = "docex.s3-bucket")
    Optional<String> s3Bucket;

    @Inject
    @ConfigProperty(name = "docex.s3-region", defaultValue = "us-east-1")
    String s3Region;

    @Inject
    @ConfigProperty(name = "docex.s3-access-key")
    Optional<String> s3AccessKey;

    @Inject
    @ConfigProperty(name = "docex.s3-secret-key")
    Optional<String> s3SecretKey;

    @Inject
    @ConfigProperty(name = "docex.s3-path-style", defaultValue = "false")
    boolean s3PathStyle;

    /** Past it, this node's least recently used copies of the bucket's documents are removed (fetched again when used). */
    @Inject
    @ConfigProperty(name = "docex.s3-local-copy-bytes", defaultValue = "" + FileStore.DEFAULT_LOCAL_COPY_BYTES)
    long s3LocalCopyBytes;

    /**
     * The bucket with DOCEX_STORAGE=s3 (checked: it exists and answers), none with local; refuses to start otherwise.
     * {@code background} puts new page images to it.
     */
    Optional<FileStore.InBucket> bucket(Executor background) {
        switch (storage.strip()) {
            case "local":
                return Optional.empty();
            case "s3":
                String name = required(s3Bucket, "DOCEX_S3_BUCKET");
                Bucket bucket = new S3Bucket(s3Endpoint.filter(value -> !value.isBlank()).map(String::strip), name, s3Region.strip(),
                        required(s3AccessKey, "DOCEX_S3_ACCESS_KEY"), required(s3SecretKey, "DOCEX_S3_SECRET_KEY"), s3PathStyle);
                bucket.check();
                return Optional.of(new FileStore.InBucket(bucket, s3LocalCopyBytes, background));
            default:
                throw new IllegalStateException("DOCEX_STORAGE must be local or s3; refusing to start");
        }
    }

    private static String required(Optional<String> value, String name) {
        return value.filter(text -> !text.isBlank()).orElseThrow(() ->
                new IllegalStateException(name + " is required with DOCEX_STORAGE=s3; refusing to start"));
    }
}
