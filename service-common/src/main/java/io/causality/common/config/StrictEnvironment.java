package io.causality.common.config;

import io.dropwizard.configuration.ConfigurationSourceProvider;
import io.dropwizard.configuration.EnvironmentVariableSubstitutor;
import io.dropwizard.configuration.UndefinedEnvironmentVariableException;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.setup.Bootstrap;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Environment variables in the configuration file, strictly: {@code ${NAME}} of a variable that is
 * not defined stops the start with a message naming it, where a lenient substitution left the text
 * {@code ${NAME}} in place, and a caller token of that text then authenticated whoever sent it.
 * {@code ${NAME:-default}} still gives the default (empty with {@code ${NAME:-}}). Secrets that
 * still hold {@code ${} after substitution (an escaped {@code $${NAME}}, a {@code -Ddw.} override)
 * are refused by {@link Substituted}. A line that is a YAML comment is left as written: the
 * default files show commented examples such as {@code # token: ${HITL_TOKEN_RUNTIME}}.
 */
public final class StrictEnvironment {
  // commons-text's message: "Cannot resolve variable 'NAME' (enableSubstitutionInVariables=false)."
  private static final Pattern NAME = Pattern.compile("'([^']*)'");

  private StrictEnvironment() {}

  /** Makes every command of the application read its configuration file this way. */
  public static void substitute(Bootstrap<? extends Configuration> bootstrap) {
    ConfigurationSourceProvider files = bootstrap.getConfigurationSourceProvider();
    bootstrap.setConfigurationSourceProvider(
        path -> {
          try (InputStream in = files.open(path)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new ByteArrayInputStream(
                substitute(text, new EnvironmentVariableSubstitutor(true, false))
                    .getBytes(StandardCharsets.UTF_8));
          }
        });
  }

  /** {@code text} with every variable substituted, except on comment lines. */
  static String substitute(String text, EnvironmentVariableSubstitutor substitutor) {
    StringBuilder out = new StringBuilder(text.length());
    for (String line : text.split("(?<=\n)", -1)) {
      out.append(line.stripLeading().startsWith("#") ? line : substitutor.replace(line));
    }
    return out.toString();
  }

  /**
   * What an operator reads when a start failed on an undefined variable: "the environment variable
   * NAME is not set, and the configuration gives it no default"; empty for any other failure.
   */
  public static Optional<String> undefinedVariable(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof UndefinedEnvironmentVariableException undefined) {
        return Optional.of(describe(undefined));
      }
    }
    return Optional.empty();
  }

  private static String describe(UndefinedEnvironmentVariableException e) {
    Matcher name = NAME.matcher(String.valueOf(e.getMessage()));
    return "the environment variable "
        + (name.find() ? name.group(1) : "named in the configuration")
        + " is not set, and the configuration gives it no default";
  }
}
