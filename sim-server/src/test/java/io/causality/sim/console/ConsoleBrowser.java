package io.causality.sim.console;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless chromium driven through /usr/bin/chromedriver (Selenium Manager would try to
 * download a driver, which cannot work here), and the ways a person finds things on the page: by
 * label, by role and by visible text.
 */
final class ConsoleBrowser implements AutoCloseable {
  static final String CHROMIUM = System.getProperty("console.chromium", "/usr/bin/chromium");
  static final String CHROMEDRIVER =
      System.getProperty("console.chromedriver", "/usr/bin/chromedriver");
  private static final Duration PATIENCE = Duration.ofSeconds(20);

  final ChromeDriver driver;
  private final List<LogEntry> browserLog = new ArrayList<>();
  private final List<LogEntry> networkLog = new ArrayList<>();

  private ConsoleBrowser(ChromeDriver driver) {
    this.driver = driver;
  }

  static final String MISSING =
      "browser tests skipped: no "
          + CHROMIUM
          + " and "
          + CHROMEDRIVER
          + " (apt-get install chromium chromium-driver; .ci/run does as root)";

  static boolean available() {
    return new File(CHROMIUM).canExecute() && new File(CHROMEDRIVER).canExecute();
  }

  /** Skips the calling test, with the reason, when no browser can be had. */
  static void assumeAvailable() {
    assumeTrue(available(), MISSING);
  }

  /** A browser, or none (said on stderr) when none can be had. */
  static ConsoleBrowser startIfAvailable() {
    if (!available()) {
      System.err.println(MISSING);
      return null;
    }
    System.setProperty("webdriver.chrome.driver", CHROMEDRIVER);
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(new File(CHROMEDRIVER))
            .usingAnyFreePort()
            .build();
    ChromeDriver driver = new ChromeDriver(service, options());
    driver.manage().window().setSize(new Dimension(1280, 800));
    // the page itself 1280x800, as a laptop shows it: the window is larger by its own frame
    long frame = 800 - (Long) driver.executeScript("return window.innerHeight");
    driver.manage().window().setSize(new Dimension(1280, 800 + (int) frame));
    return new ConsoleBrowser(driver);
  }

  private static ChromeOptions options() {
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM);
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1280,800",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync");
    options.setCapability(
        "goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL", LogType.PERFORMANCE, "ALL"));
    return options;
  }

  void open(String url) {
    driver.get(url);
  }

  <T> T await(Function<WebDriver, T> condition) {
    // The page re-renders as answers arrive: an element found a moment ago may be gone.
    return new WebDriverWait(driver, PATIENCE)
        .ignoring(StaleElementReferenceException.class)
        .until(condition);
  }

  /** The form control whose label starts with text, within scope. */
  WebElement field(WebElement scope, String label) {
    return scope.findElement(
        By.xpath(
            ".//label[starts-with(normalize-space(.), '"
                + label
                + "')]//*[self::input or self::select or self::textarea]"));
  }

  WebElement field(String label) {
    return field(driver.findElement(By.tagName("body")), label);
  }

  /**
   * The control a label names exactly, whether the label wraps it or points to it ({@code for}).
   */
  WebElement labelled(String label) {
    WebElement found = driver.findElement(By.xpath("//label[normalize-space(.)='" + label + "']"));
    String target = found.getAttribute("for");
    return target == null || target.isEmpty()
        ? found.findElement(By.xpath(".//*[self::input or self::select or self::textarea]"))
        : driver.findElement(By.id(target));
  }

  WebElement button(WebElement scope, String text) {
    return scope.findElement(By.xpath(".//button[normalize-space(.)='" + text + "']"));
  }

  WebElement button(String text) {
    return button(driver.findElement(By.tagName("body")), text);
  }

  /** The region (a section) named by its heading. */
  WebElement section(String heading) {
    return driver.findElement(By.xpath("//section[.//h2[normalize-space(.)='" + heading + "']]"));
  }

  WebElement heading() {
    return driver.findElement(By.tagName("h1"));
  }

  String text() {
    return driver.findElement(By.tagName("body")).getText();
  }

  /** Waits until the page shows text somewhere. */
  void awaitText(String text) {
    await(d -> text().contains(text));
  }

  /** Browser console entries so far, kept across calls. */
  List<LogEntry> consoleEntries() {
    driver.manage().logs().get(LogType.BROWSER).forEach(browserLog::add);
    return List.copyOf(browserLog);
  }

  /** Drops the console entries read so far (after a test checked them). */
  void forgetConsole() {
    consoleEntries();
    browserLog.clear();
  }

  List<LogEntry> consoleErrors() {
    return consoleEntries().stream()
        .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
        .toList();
  }

  /** Chrome's DevTools network log entries (JSON text), kept across calls. */
  List<String> requestedUrls() {
    driver.manage().logs().get(LogType.PERFORMANCE).forEach(networkLog::add);
    return networkLog.stream()
        .map(LogEntry::getMessage)
        .filter(m -> m.contains("\"Network.requestWillBeSent\""))
        .map(ConsoleBrowser::urlOf)
        .toList();
  }

  private static String urlOf(String message) {
    int request = message.indexOf("\"request\":");
    int start = message.indexOf("\"url\":\"", request) + 7;
    return message.substring(start, message.indexOf('"', start));
  }

  /** A Chrome DevTools command (network conditions, emulated media, downloads). */
  Map<String, Object> cdp(String command, Map<String, Object> parameters) {
    return driver.executeCdpCommand(command, parameters);
  }

  /** Whether the element's box is (at least partly) within the window as it is scrolled now. */
  boolean inView(WebElement element) {
    return (Boolean)
        driver.executeScript(
            "const r = arguments[0].getBoundingClientRect();"
                + "return r.bottom > 0 && r.top < window.innerHeight && r.height > 0;",
            element);
  }

  /** The element's top, in pixels from the top of the page (not of the window). */
  long pageTop(WebElement element) {
    return ((Number)
            driver.executeScript(
                "return arguments[0].getBoundingClientRect().top + window.scrollY", element))
        .longValue();
  }

  void screenshot(Path file) {
    try {
      Files.createDirectories(file.getParent());
      Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    driver.quit();
  }
}
