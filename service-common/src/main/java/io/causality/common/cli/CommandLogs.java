package io.causality.common.cli;

import ch.qos.logback.classic.LoggerContext;
import org.slf4j.LoggerFactory;

/**
 * Writes out what a command logged before its process exits.
 *
 * <p>Dropwizard's appenders are asynchronous, and the cleanup of its commands waits only until
 * their queue is empty. The worker may still hold the last line it took from the queue; it is a
 * daemon thread, so it dies unwritten when {@code main} returns. On a busy machine {@code check}
 * lost its "Configuration is OK" that way. Stopping logback's context stops each asynchronous
 * appender, which waits (up to its {@code maxFlushTime}) until its worker has written what it
 * holds.
 */
public final class CommandLogs {
  private CommandLogs() {}

  /** The last call of a command: nothing logged after it is written. */
  public static void drain() {
    drain((LoggerContext) LoggerFactory.getILoggerFactory());
  }

  static void drain(LoggerContext context) {
    context.stop();
  }
}
