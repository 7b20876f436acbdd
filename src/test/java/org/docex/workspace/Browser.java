package org.docex.workspace;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.results.Rule;
import com.deque.html.axecore.selenium.AxeBuilder;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium driven through its own chromedriver, so nothing is downloaded at run
 * time; each browser has a fresh profile (its own session storage, as a new tab would).
 */
final class Browser implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(Browser.class.getName());
    static final File CHROMIUM = new File("/usr/bin/chromium");
    static final File CHROMEDRIVER = new File("/usr/bin/chromedriver");
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final Set<String> BLOCKING_IMPACTS = Set.of("serious", "critical");

    private final Path profile;
    final ChromeDriver driver;
    private final String base;

    Browser(String base) {
        try {
            profile = Files.createTempDirectory("docex-chromium-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--no-first-run", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER).build();
        driver = new ChromeDriver(service, options);
        driver.manage().window().setSize(new Dimension(1280, 800));
        this.base = base.endsWith("/") ? base : base + "/";
    }

    static boolean installed() {
        return CHROMIUM.canExecute() && CHROMEDRIVER.canExecute();
    }

    static String missing() {
        return "Browser tests skipped: " + CHROMIUM + " or " + CHROMEDRIVER
                + " is not installed (apt-get install chromium chromium-driver)";
    }

    void open(String path) {
        driver.get(base + path);
    }

    <T> T await(Function<WebDriver, T> condition) {
        // Lists redraw themselves (a refresh while extractions run): an element found a moment ago may be gone.
        return new WebDriverWait(driver, Duration.ofSeconds(30)).ignoring(StaleElementReferenceException.class)
                .until(condition);
    }

    WebElement visible(By by) {
        return await(d -> d.findElements(by).stream().filter(WebElement::isDisplayed).findFirst().orElse(null));
    }

    String heading() {
        return await(d -> {
            List<WebElement> headings = d.findElements(By.cssSelector("#main h1"));
            return headings.isEmpty() ? null : headings.get(0).getText();
        });
    }

    Object script(String script, Object... args) {
        return driver.executeScript(script, args);
    }

    void screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            File shot = driver.getScreenshotAs(OutputType.FILE);
            Files.copy(shot.toPath(), SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs axe-core on what is shown: reports every violation, fails on serious and critical ones. */
    void assertAccessible(String screen) {
        // Contrast is judged on the screen a person reads: a toast fading in or out is half transparent for 0.2 s.
        // Finite transitions are waited for; a spinner turns for as long as its work runs.
        await(d -> (Boolean) ((JavascriptExecutor) d).executeScript("return document.getAnimations().every(a => "
                + "a.playState !== 'running' || a.effect.getTiming().iterations === Infinity);"));
        Results results = new AxeBuilder().analyze(driver);
        assertFalse(results.getPasses().isEmpty(), "axe-core checked nothing on " + screen);
        List<Rule> violations = results.getViolations();
        List<String> report = violations.stream().map(rule -> rule.getImpact() + " " + rule.getId() + " - "
                + rule.getHelp() + " (" + rule.getNodes().size() + " elements: "
                + rule.getNodes().stream().map(n -> String.valueOf(n.getTarget())).limit(3).toList() + ")").toList();
        report.forEach(line -> LOG.warning(() -> "axe on " + screen + ": " + line));
        writeReport(screen + " (" + results.getPasses().size() + " rules passed)", report);
        List<String> blocking = violations.stream().filter(rule -> BLOCKING_IMPACTS.contains(rule.getImpact()))
                .map(rule -> rule.getImpact() + " " + rule.getId() + ": " + rule.getHelp() + " at "
                        + rule.getNodes().stream().map(n -> String.valueOf(n.getTarget())).limit(3).toList())
                .toList();
        assertTrue(blocking.isEmpty(), "axe-core on " + screen + ": " + blocking);
    }

    /** Every screen's violations, also the minor ones, in one file beside the screenshots. */
    private static synchronized void writeReport(String screen, List<String> violations) {
        String entry = "== " + screen + "\n" + (violations.isEmpty() ? "no violations" : String.join("\n", violations)) + "\n";
        try {
            Files.createDirectories(SCREENSHOTS);
            Files.writeString(SCREENSHOTS.resolve("axe-report.txt"), entry, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> tree = Files.walk(profile)) {
                tree.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                LOG.fine(() -> "profile left behind: " + e);
            }
        }
    }
}
