package io.causality.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dropwizard.configuration.ConfigurationValidationException;
import io.dropwizard.configuration.YamlConfigurationFactory;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.jersey.validation.Validators;
import io.dropwizard.util.DataSize;
import io.dropwizard.util.DataSizeUnit;
import io.dropwizard.validation.MaxDataSize;
import jakarta.validation.ConstraintViolation;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The keys both services read alike, parsed and validated as Dropwizard does at start. */
class ServiceConfigurationTest {
  // Under target/: building the factory writes the embedded database's password beside it.
  static final String EMBEDDED = "jdbc:h2:file:./target/var/test-service";

  /** A service with a 2 MiB default body limit and a 1 GiB ceiling. */
  public static class TestConfiguration extends ServiceConfiguration {
    TestConfiguration() {
      super(DataSize.mebibytes(2));
    }

    @Override
    @MaxDataSize(value = 1, unit = DataSizeUnit.GIBIBYTES)
    public DataSize getMaxRequestBodySize() {
      return super.getMaxRequestBodySize();
    }

    @Override
    protected DataSourceFactory embeddedDatabase() {
      return embeddedH2(EMBEDDED);
    }
  }

  static TestConfiguration parse(String yaml) throws Exception {
    return new YamlConfigurationFactory<>(
            TestConfiguration.class, Validators.newValidator(), Jackson.newObjectMapper(), "dw")
        .build(path -> new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "test.yml");
  }

  /** The property paths of the violations that refuse {@code yaml}. */
  static Iterable<String> refusal(String yaml) {
    ConfigurationValidationException refused =
        (ConfigurationValidationException)
            org.assertj.core.api.Assertions.catchThrowable(() -> parse(yaml));
    assertThat(refused).as("refused: " + yaml).isNotNull();
    return refused.getConstraintViolations().stream()
        .map(ConstraintViolation::getPropertyPath)
        .map(Object::toString)
        .toList();
  }

  @Test
  void anEmptyFileTakesEveryDefault() throws Exception {
    TestConfiguration configuration = parse("{}");
    assertThat(configuration.getDatabase()).isNull();
    assertThat(configuration.isMigrateOnStart()).isTrue();
    assertThat(configuration.getMaxRequestBodySize()).isEqualTo(DataSize.mebibytes(2));
    DataSourceFactory built = configuration.buildDataSourceFactory();
    assertThat(built.getDriverClass()).isEqualTo("org.h2.Driver");
    assertThat(built.getUrl()).isEqualTo(EMBEDDED + ";WRITE_DELAY=0");
    assertThat(built.getUser()).isEqualTo("sa");
  }

  @Test
  void migrateOnStartIsRead() throws Exception {
    assertThat(parse("migrateOnStart: false").isMigrateOnStart()).isFalse();
    assertThatThrownBy(() -> parse("migrateOnStart: sometimes"))
        .hasMessageContaining("migrateOnStart");
  }

  @Test
  void aBodyLimitOfAtLeastOneKibibyteIsAccepted() throws Exception {
    assertThat(parse("maxRequestBodySize: 1KiB").getMaxRequestBodySize())
        .isEqualTo(DataSize.kibibytes(1));
  }

  @Test
  void aBodyLimitUnderOneKibibyteIsRefused() {
    assertThat(refusal("maxRequestBodySize: 1023B")).containsExactly("maxRequestBodySize");
  }

  @Test
  void aBodyLimitIsRequired() {
    assertThat(refusal("maxRequestBodySize: null")).containsExactly("maxRequestBodySize");
  }

  @Test
  void aServiceBoundsTheBodyLimitFromAbove() throws Exception {
    assertThat(parse("maxRequestBodySize: 1GiB").getMaxRequestBodySize())
        .isEqualTo(DataSize.gibibytes(1));
    assertThat(refusal("maxRequestBodySize: 1025MiB")).containsExactly("maxRequestBodySize");
  }

  @Test
  void aConfiguredDatabaseIsValidatedAsDropwizardDoes() throws Exception {
    assertThat(parse("database: {url: 'jdbc:h2:mem:x', minSize: 1, initialSize: 1, maxSize: 1}"))
        .isNotNull();
    assertThat(refusal("database: {url: 'jdbc:h2:mem:x', minSize: 0, initialSize: 0, maxSize: 0}"))
        .containsExactly("database.maxSize");
  }

  @Test
  void aConfiguredDatabaseIsBuiltAsAFreshCopyWithEverySetting() throws Exception {
    TestConfiguration configuration =
        parse(
            """
            database:
              driverClass: org.postgresql.Driver
              url: jdbc:postgresql://db:5432/causality
              user: causality
              password: secret
              maxSize: 12
              properties: {ApplicationName: test}
            """);
    DataSourceFactory built = configuration.buildDataSourceFactory();
    assertThat(built).isNotSameAs(configuration.getDatabase());
    assertThat(built.getUrl()).isEqualTo("jdbc:postgresql://db:5432/causality");
    assertThat(built.getUser()).isEqualTo("causality");
    assertThat(built.getPassword()).isEqualTo("secret");
    assertThat(built.getMaxSize()).isEqualTo(12);
    assertThat(built.getProperties()).isEqualTo(Map.of("ApplicationName", "test"));
    built.setUrl("jdbc:postgresql://elsewhere/x");
    assertThat(configuration.getDatabase().getUrl())
        .isEqualTo("jdbc:postgresql://db:5432/causality");
  }

  @Test
  void durableCommitsAreForcedOnAnEmbeddedFileWithoutChangingTheConfiguration() throws Exception {
    TestConfiguration configuration =
        parse("database: {driverClass: org.h2.Driver, url: 'jdbc:h2:file:/tmp/x'}");
    assertThat(configuration.buildDataSourceFactory().getUrl())
        .isEqualTo("jdbc:h2:file:/tmp/x;WRITE_DELAY=0");
    assertThat(configuration.buildDataSourceFactory().getUrl())
        .isEqualTo("jdbc:h2:file:/tmp/x;WRITE_DELAY=0");
    assertThat(configuration.getDatabase().getUrl()).isEqualTo("jdbc:h2:file:/tmp/x");
  }

  @Test
  void aWriteDelayChosenInTheUrlIsKept() throws Exception {
    TestConfiguration configuration =
        parse("database: {driverClass: org.h2.Driver, url: 'jdbc:h2:file:/tmp/x;WRITE_DELAY=500'}");
    assertThat(configuration.buildDataSourceFactory().getUrl())
        .isEqualTo("jdbc:h2:file:/tmp/x;WRITE_DELAY=500");
  }
}
