package io.causality.sim.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The console's static files, read once from the jar with a strong ETag each: the console's own
 * under {@code console/}, uPlot from its webjar. Names are checked before any lookup, so no path
 * can leave these two folders.
 */
final class ConsoleAssets {
  static final String UPLOT_VERSION = "1.6.30";
  private static final String OWN_ROOT = "console/";
  private static final String UPLOT_ROOT =
      "META-INF/resources/webjars/uplot/" + UPLOT_VERSION + "/dist/";
  private static final Pattern SAFE_NAME =
      Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9_.-]*(/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*");
  private static final Map<String, String> TYPES =
      Map.of(
          "html", "text/html; charset=utf-8",
          "js", "text/javascript; charset=utf-8",
          "css", "text/css; charset=utf-8",
          "png", "image/png",
          "svg", "image/svg+xml");

  /** One file: its bytes, content type and ETag (a quoted hash of the bytes). */
  record Asset(byte[] bytes, String contentType, String etag) {}

  private final Map<String, Optional<Asset>> cache = new ConcurrentHashMap<>();

  /** The console's own file {@code name} (relative to {@code console/}). */
  Optional<Asset> own(String name) {
    return lookup(OWN_ROOT, name);
  }

  /** A file of uPlot's {@code dist/} folder. */
  Optional<Asset> uplot(String name) {
    return lookup(UPLOT_ROOT, name);
  }

  private Optional<Asset> lookup(String root, String name) {
    if (!SAFE_NAME.matcher(name).matches() || !TYPES.containsKey(extension(name))) {
      return Optional.empty();
    }
    return cache.computeIfAbsent(root + name, ConsoleAssets::load);
  }

  private static Optional<Asset> load(String path) {
    try (InputStream in = ConsoleAssets.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        return Optional.empty();
      }
      byte[] bytes = in.readAllBytes();
      return Optional.of(new Asset(bytes, TYPES.get(extension(path)), etag(bytes)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path + " from the jar", e);
    }
  }

  private static String extension(String name) {
    return name.substring(name.lastIndexOf('.') + 1);
  }

  private static String etag(byte[] bytes) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
      return "\"" + HexFormat.of().formatHex(digest, 0, 16) + "\"";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
