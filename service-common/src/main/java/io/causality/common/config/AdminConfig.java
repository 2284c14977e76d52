package io.causality.common.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Size;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code admin} block: the bearer token every request to the admin port (metrics, health
 * checks, tasks such as {@code log-level}, Prometheus) must present. Authentication is always on:
 * the token comes from {@code token} (from the environment: {@code ${SIM_ADMIN_TOKEN}}), else from
 * the file {@code tokenFile}, which the first start creates owner-only with a random token when it
 * does not exist. Without either, that file is {@code var/<service>.admin-token}.
 */
public class AdminConfig {
  private static final Logger LOG = LoggerFactory.getLogger(AdminConfig.class);
  private static final SecureRandom RANDOM = new SecureRandom();

  @Size(min = 16, message = "must be at least 16 characters")
  @Substituted
  private String token;

  private String tokenFile;

  @JsonProperty
  public String getToken() {
    return token;
  }

  @JsonProperty
  public void setToken(String token) {
    this.token = token == null || token.isEmpty() ? null : token;
  }

  @JsonProperty
  public String getTokenFile() {
    return tokenFile;
  }

  @JsonProperty
  public void setTokenFile(String tokenFile) {
    this.tokenFile = tokenFile == null || tokenFile.isBlank() ? null : tokenFile;
  }

  /** The file the token is read from (and created in) when {@code token} is not set. */
  public Path tokenFileOf(String service) {
    return tokenFile != null ? Path.of(tokenFile) : Path.of("var", service + ".admin-token");
  }

  /** The token: configured, else read from its file, else generated into that file. */
  public String buildToken(String service) {
    if (token != null) {
      LOG.info("The admin port needs a bearer token: admin.token");
      return token;
    }
    Path file = tokenFileOf(service);
    LOG.info("The admin port needs a bearer token: the one in {}", file);
    try {
      if (Files.notExists(file)) {
        create(file);
      }
      String read = Files.readString(file, StandardCharsets.US_ASCII).strip();
      if (read.length() < 16) {
        throw new IllegalStateException(
            "admin.tokenFile " + file + " holds fewer than 16 characters");
      }
      return read;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read or create the admin token file " + file, e);
    }
  }

  /** Owner-only, under a temporary name and moved in, so that two starts agree on one token. */
  private static void create(Path file) throws IOException {
    Path folder = file.toAbsolutePath().getParent();
    if (Files.notExists(folder)) {
      Files.createDirectories(
          folder,
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }
    Path partial =
        Files.createTempFile(
            folder,
            file.getFileName().toString(),
            ".partial",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    Files.writeString(
        partial,
        Base64.getUrlEncoder().withoutPadding().encodeToString(bytes) + "\n",
        StandardCharsets.US_ASCII);
    try {
      Files.move(partial, file);
    } catch (FileAlreadyExistsException e) {
      Files.delete(partial);
    }
  }
}
