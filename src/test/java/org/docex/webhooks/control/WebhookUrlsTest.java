package org.docex.webhooks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class WebhookUrlsTest {

    @Test
    void internalAddressesOfEveryKindAreRecognised() throws Exception {
        for (String address : List.of("127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.0.1",
                "169.254.169.254", "100.64.0.1", "100.127.255.254", "0.0.0.0", "224.0.0.251", "239.255.255.250",
                "255.255.255.255", "198.18.0.1", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1",
                "::ffff:10.0.0.1", "::ffff:127.0.0.1", "64:ff9b::a9fe:a9fe", "::7f00:1")) {
            assertTrue(WebhookUrls.internal(InetAddress.getByName(address)), address);
        }
        for (String address : List.of("93.184.215.14", "8.8.8.8", "172.32.0.1", "100.128.0.1", "192.169.0.1",
                "2606:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8")) {
            assertFalse(WebhookUrls.internal(InetAddress.getByName(address)), address);
        }
    }

    @Test
    void onlyHttpAndHttpsUrlsWithAHostAndWithoutCredentialsAreWebhookUrls() throws Exception {
        assertEquals("https", WebhookUrls.parse("https://93.184.215.14/hook?x=1").getScheme());
        assertEquals("HTTP", WebhookUrls.parse("HTTP://93.184.215.14/").getScheme());
        for (String url : List.of("", "file:///etc/passwd", "ftp://example.com/", "gopher://example.com/", "javascript:alert(1)",
                "http:///path-only", "http://user:pw@example.com/", "http://example.com/#fragment", "http://exa mple.com/",
                "https://" + "a".repeat(2000) + ".com/")) {
            assertThrows(WebhookUrls.InvalidUrlException.class, () -> WebhookUrls.parse(url), url);
        }
    }

    @Test
    void theRefusalNamesTheHostAndTheSettingThatWouldAllowIt() throws Exception {
        String refusal = WebhookUrls.refusal(URI.create("http://[::1]:8080/"), false).orElseThrow();
        assertTrue(refusal.contains("::1") && refusal.contains("DOCEX_WEBHOOK_ALLOW_PRIVATE"), refusal);
        assertTrue(WebhookUrls.refusal(URI.create("http://127.0.0.1/"), true).isEmpty(), "allowed by the setting");
        assertTrue(WebhookUrls.refusal(URI.create("http://93.184.215.14/"), false).isEmpty());
        assertTrue(WebhookUrls.refusal(URI.create("http://no-such-host.invalid/"), true).orElseThrow().contains("cannot be resolved"));
    }
}
