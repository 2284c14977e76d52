package io.causality.common.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A built service jar as its own process, in a folder of {@code target/}, as an operator runs it:
 * started and awaited until healthy, killed with SIGKILL (a crash) or stopped with SIGTERM, and
 * started again on the same files. Each start writes its own log, {@code NAME-N.log}; the service's
 * one-shot commands (dev-init, admin commands) run in the same folder.
 *
 * <p>Tests that need the jars as processes: crash and stop tests, which kill or signal the JVM, and
 * tests of both services together (their classpaths cannot share one JVM).
 */
public final class JarProcess implements AutoCloseable {
  /** C1 only and the serial collector: a test process starts twice as fast on a busy machine. */
  private static final List<String> FAST_START =
      List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

  private static final Duration COMMAND_LIMIT = Duration.ofSeconds(120);
  private static final Duration STOP_LIMIT = Duration.ofSeconds(20);

  private final String name;
  private final Path jar;
  private final Path workDir;
  private Process process;
  private int starts;

  /** {@code name} names the logs and the failures; {@code workDir} is the process's folder. */
  public JarProcess(String name, Path jar, Path workDir) {
    this.name = name;
    this.jar = jar;
    this.workDir = workDir;
  }

  /** A new, empty folder under {@code target/}. */
  public static Path newWorkDir(String prefix) {
    try {
      return Files.createTempDirectory(Path.of("target").toAbsolutePath(), prefix);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public Path workDir() {
    return workDir;
  }

  /** Starts {@code java JVM_OPTIONS -jar JAR ARGUMENTS}, without waiting for anything. */
  public void launch(List<String> jvmOptions, List<String> arguments) {
    starts++;
    try {
      process =
          new ProcessBuilder(command(jvmOptions, arguments))
              .directory(workDir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(logFile().toFile())
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Waits until {@code health} answers 200; stops the process and fails if it never does. */
  public void awaitHealthy(URI health, Duration limit) {
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(1))
            .build();
    boolean healthy =
        Await.holds(
            limit,
            () -> {
              if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited: " + tail());
              }
              return answers200(http, health);
            });
    if (healthy) {
      return;
    }
    close();
    throw new IllegalStateException(name + " did not get healthy: " + tail());
  }

  /**
   * Runs one of the jar's commands to its end in the same folder: its standard output. Fails with
   * the command's output when it exits non-zero or takes longer than two minutes.
   */
  public String run(List<String> jvmOptions, List<String> arguments) {
    Path errors = workDir.resolve(name + "-command.log");
    try {
      Process done =
          new ProcessBuilder(command(jvmOptions, arguments))
              .directory(workDir.toFile())
              .redirectError(errors.toFile())
              .start();
      String out = new String(done.getInputStream().readAllBytes());
      if (!done.waitFor(COMMAND_LIMIT.toSeconds(), TimeUnit.SECONDS) || done.exitValue() != 0) {
        done.destroyForcibly();
        throw new IllegalStateException(arguments + " failed: " + out + Files.readString(errors));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process != null && process.isAlive();
  }

  public int exitValue() {
    return process.exitValue();
  }

  /** SIGKILL: no shutdown hook, no flush, as a power cut or the OOM killer would. */
  public void kill() {
    process.destroyForcibly();
    await(STOP_LIMIT);
  }

  /** SIGTERM, without waiting: the graceful stop. */
  public void terminate() {
    process.destroy();
  }

  /** Waits for the process to exit; answers whether it did within the limit. */
  public boolean await(Duration limit) {
    try {
      return process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** SIGTERM, then SIGKILL if the process is still there after 20 s; waits until it is gone. */
  @Override
  public void close() {
    if (process != null && process.isAlive()) {
      process.destroy();
      if (!await(STOP_LIMIT)) {
        process.destroyForcibly();
        await(STOP_LIMIT);
      }
    }
  }

  /** The current start's whole output. */
  public String log() {
    try {
      return Files.readString(logFile());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The end of the current start's output, for failure messages. */
  public String tail() {
    try {
      String text = Files.readString(logFile());
      return text.substring(Math.max(0, text.length() - 3000));
    } catch (IOException e) {
      return "(no log)";
    }
  }

  private List<String> command(List<String> jvmOptions, List<String> arguments) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(FAST_START);
    command.addAll(jvmOptions);
    command.addAll(List.of("-jar", jar.toString()));
    command.addAll(arguments);
    return command;
  }

  private Path logFile() {
    return workDir.resolve(name + "-" + starts + ".log");
  }

  private static boolean answers200(HttpClient http, URI uri) {
    try {
      return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding())
              .statusCode()
          == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
