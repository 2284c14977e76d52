package io.causality.common.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.core.ConsoleAppender;
import org.slf4j.LoggerFactory;

/**
 * Admin commands print their answer (an id, a key) on standard output for scripts to capture, so
 * their log lines must not go there too: this sends warnings and errors to standard error and drops
 * the rest.
 */
public final class CommandOutput {
  private CommandOutput() {}

  public static void logWarningsToStandardError() {
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    context.reset();
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern("%-5level %logger{0}: %msg%n");
    encoder.start();
    ConsoleAppender<ch.qos.logback.classic.spi.ILoggingEvent> stderr = new ConsoleAppender<>();
    stderr.setContext(context);
    stderr.setTarget("System.err");
    stderr.setEncoder(encoder);
    stderr.start();
    Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.setLevel(Level.WARN);
    root.addAppender(stderr);
  }
}
