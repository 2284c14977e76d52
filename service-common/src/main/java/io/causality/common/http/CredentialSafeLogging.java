package io.causality.common.http;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;
import org.slf4j.helpers.MessageFormatter;

/**
 * No log line prints a credential, whatever level a logger is set to (in the configuration or by
 * the admin port's {@code log-level} task):
 *
 * <ul>
 *   <li>below INFO, the loggers of the HTTP stack (Jetty, Jersey, the JDK's and Apache's HTTP
 *       clients) print raw requests, their headers and their buffers, a credential cut anywhere
 *       among them: their DEBUG and TRACE lines are dropped;
 *   <li>every other line is written with the value of an {@code Authorization}, {@code X-Api-Key}
 *       or cookie header, a bearer token and an API key replaced by {@code [redacted]}.
 * </ul>
 *
 * A logback turbo filter, so it holds for every appender and layout; {@link #install} adds it to
 * the logging context once (each start of a service configures logging anew).
 */
public final class CredentialSafeLogging extends TurboFilter {
  static final List<String> HTTP_STACK =
      List.of(
          "org.eclipse.jetty",
          "org.glassfish.jersey",
          "jdk.internal.httpclient",
          "jdk.httpclient",
          "sun.net.www",
          "org.apache.http",
          "org.apache.hc");

  /**
   * The answers of {@link #isHttpStack}, by logger name: no more names than the logging context
   * keeps loggers for.
   */
  private static final Map<String, Boolean> HTTP_STACK_LOGGERS = new ConcurrentHashMap<>();

  private static final String REDACTED = "[redacted]";
  private static final Pattern HEADER =
      Pattern.compile(
          "(?i)\\b(authorization|proxy-authorization|x-api-key|cookie|set-cookie)(\"?\\s*[:=]\\s*\"?)"
              + "[^\\r\\n\",}]+");
  private static final Pattern BEARER = Pattern.compile("(?i)\\b(bearer)\\s+[A-Za-z0-9._~+/=-]+");
  private static final Pattern API_KEY = Pattern.compile("sk_live_[A-Za-z0-9_-]+");
  private static final String FQCN = CredentialSafeLogging.class.getName();

  /** Adds the filter to the logging context, unless it is there already. */
  public static void install() {
    if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
      return;
    }
    if (context.getTurboFilterList().stream().noneMatch(CredentialSafeLogging.class::isInstance)) {
      CredentialSafeLogging filter = new CredentialSafeLogging();
      filter.setContext(context);
      filter.start();
      context.addTurboFilter(filter);
    }
  }

  @Override
  public FilterReply decide(
      Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
    if (level == null || logger == null) {
      return FilterReply.NEUTRAL;
    }
    if (!level.isGreaterOrEqual(Level.INFO) && isHttpStack(logger.getName())) {
      return FilterReply.DENY;
    }
    if (format == null || !level.isGreaterOrEqual(logger.getEffectiveLevel())) {
      return FilterReply.NEUTRAL; // an isEnabled question, or a line that is not written anyway
    }
    String message = MessageFormatter.arrayFormat(format, params).getMessage();
    String safe = redact(message);
    if (safe.equals(message)) {
      return FilterReply.NEUTRAL;
    }
    // written here, redacted, straight to the appenders (no turbo filter: no second pass)
    logger.callAppenders(new LoggingEvent(FQCN, logger, level, safe, t, null));
    return FilterReply.DENY;
  }

  /**
   * Whether logger {@code name} is the HTTP stack's, remembered per name: Jetty asks whether DEBUG
   * is on several times a request, and matching the prefixes each time (a string built per prefix)
   * was 0.7 % of a create-and-run's CPU (docs/performance.md, "Simulation HTTP").
   */
  static boolean isHttpStack(String name) {
    return HTTP_STACK_LOGGERS.computeIfAbsent(name, CredentialSafeLogging::matchesHttpStack);
  }

  private static boolean matchesHttpStack(String name) {
    return HTTP_STACK.stream()
        .anyMatch(prefix -> name.equals(prefix) || name.startsWith(prefix + "."));
  }

  /** {@code text} with every credential it shows replaced by {@code [redacted]}. */
  static String redact(String text) {
    String safe = HEADER.matcher(text).replaceAll("$1$2" + REDACTED);
    safe = BEARER.matcher(safe).replaceAll("$1 " + REDACTED);
    return API_KEY.matcher(safe).replaceAll("sk_live_" + REDACTED);
  }
}
