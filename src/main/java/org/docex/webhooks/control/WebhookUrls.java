package org.docex.webhooks.control;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which URLs webhooks may be sent to: {@code http} or {@code https} to a host that resolves only to
 * public addresses, so a subscription cannot make the server call into its own network (loopback,
 * private, shared, link-local such as cloud metadata, multicast), unless the operator allows it.
 * Checked when a subscription is saved and again before every attempt, as DNS answers can change;
 * an attempt connects to an address it checked ({@link #checked}).
 */
public final class WebhookUrls {

    public static final int MAX_LENGTH = 2000;

    private WebhookUrls() {
    }

    /** The URL parsed, or why it cannot be a webhook's URL (its form only; see {@link #refusal}). */
    public static URI parse(String url) throws InvalidUrlException {
        if (url == null || url.isBlank()) {
            throw new InvalidUrlException("url is required");
        }
        if (url.length() > MAX_LENGTH) {
            throw new InvalidUrlException("url must be at most " + MAX_LENGTH + " characters");
        }
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            throw new InvalidUrlException("url is not a valid URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new InvalidUrlException("url must be an http or https URL");
        }
        if (uri.getHost() == null || uri.getHost().isBlank()) {
            throw new InvalidUrlException("url must name a host");
        }
        if (uri.getRawUserInfo() != null) {
            throw new InvalidUrlException("url must not carry a user name or password");
        }
        if (uri.getRawFragment() != null) {
            throw new InvalidUrlException("url must not have a fragment");
        }
        return uri;
    }

    /** Why the server will not call this URL's host now, if it will not. */
    public static Optional<String> refusal(URI uri, boolean allowPrivate) {
        return checked(uri, allowPrivate, InetAddress::getAllByName).refusal();
    }

    /**
     * The host's addresses as {@code resolver} answers them once, all checked; the caller connects to
     * one of these and never resolves the name again, so a DNS answer that changes between the check
     * and the connection (rebinding) cannot take it to an address the check did not see.
     */
    public static Checked checked(URI uri, boolean allowPrivate, HostResolver resolver) {
        String host = uri.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        InetAddress[] addresses;
        try {
            addresses = resolver.addresses(host);
        } catch (UnknownHostException e) {
            return Checked.refused("the host " + host + " cannot be resolved");
        }
        if (addresses.length == 0) {
            return Checked.refused("the host " + host + " cannot be resolved");
        }
        for (InetAddress address : addresses) {
            if (!allowPrivate && internal(address)) {
                return Checked.refused("the host " + host + " resolves to a loopback, private, link-local or multicast address;"
                        + " such addresses are refused unless DOCEX_WEBHOOK_ALLOW_PRIVATE=true");
            }
        }
        return new Checked(List.of(addresses), Optional.empty());
    }

    /** The addresses a URL's host may be called at, or why it may not be called. */
    public record Checked(List<InetAddress> addresses, Optional<String> refusal) {

        static Checked refused(String reason) {
            return new Checked(List.of(), Optional.of(reason));
        }
    }

    /** Answers a host name's addresses; the system's resolver in production, another in tests. */
    @FunctionalInterface
    public interface HostResolver {
        InetAddress[] addresses(String host) throws UnknownHostException;
    }

    static boolean internal(InetAddress address) {
        if (address.isAnyLocalAddress() || address.isLoopbackAddress() || address.isLinkLocalAddress()
                || address.isSiteLocalAddress() || address.isMulticastAddress()) {
            return true;
        }
        byte[] bytes = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = bytes[0] & 0xff;
            int second = bytes[1] & 0xff;
            return first == 0                                      // "this network"
                    || (first == 100 && second >= 64 && second < 128) // shared address space (carrier NAT)
                    || (first == 192 && second == 0 && (bytes[2] & 0xff) == 0) // IETF protocol assignments
                    || (first == 198 && (second == 18 || second == 19))        // benchmarking
                    || first >= 240;                               // reserved and broadcast
        }
        if (address instanceof Inet6Address) {
            if ((bytes[0] & 0xfe) == 0xfc) {
                return true; // unique local fc00::/7
            }
            // An IPv4 address inside IPv6 (mapped ::ffff:0:0/96, compatible ::/96, NAT64 64:ff9b::/96) is judged as that address.
            boolean mapped = allZero(bytes, 0, 10) && (bytes[10] & 0xff) == 0xff && (bytes[11] & 0xff) == 0xff;
            boolean compatible = allZero(bytes, 0, 12);
            boolean nat64 = (bytes[0] & 0xff) == 0x00 && (bytes[1] & 0xff) == 0x64 && (bytes[2] & 0xff) == 0xff
                    && (bytes[3] & 0xff) == 0x9b && allZero(bytes, 4, 12);
            if (mapped || compatible || nat64) {
                try {
                    return internal(InetAddress.getByAddress(java.util.Arrays.copyOfRange(bytes, 12, 16)));
                } catch (UnknownHostException impossible) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean allZero(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** A URL that is not an http(s) URL a webhook could have. */
    public static final class InvalidUrlException extends Exception {

        public InvalidUrlException(String message) {
            super(message, null, false, false);
        }
    }
}
