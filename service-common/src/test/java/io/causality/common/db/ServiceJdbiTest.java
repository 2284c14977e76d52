package io.causality.common.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dropwizard.core.setup.Environment;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import io.dropwizard.lifecycle.JettyManaged;
import io.dropwizard.lifecycle.Managed;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.config.ConfigRegistry;
import org.jdbi.v3.core.extension.ExtensionFactory;
import org.jdbi.v3.core.extension.ExtensionHandlerFactory;
import org.jdbi.v3.core.extension.ExtensionMetadata;
import org.jdbi.v3.core.extension.Extensions;
import org.jdbi.v3.sqlobject.CreateSqlObject;
import org.jdbi.v3.sqlobject.SqlObject;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.jdbi.v3.sqlobject.transaction.Transaction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceJdbiTest {
  /** A DAO, and one that reaches it through {@code @CreateSqlObject}, as the services' do. */
  interface OneDao {
    @SqlQuery("SELECT 1")
    int one();
  }

  interface OuterDao extends SqlObject {
    @CreateSqlObject
    OneDao inner();

    /** As the services' {@code @Transaction default} methods use their inner DAOs. */
    default int viaInner() {
      return inner().one();
    }
  }

  /** A multi-statement write that fails after its first statement. */
  interface WritingDao extends SqlObject {
    @SqlUpdate("CREATE TABLE IF NOT EXISTS written (n INT)")
    void create();

    @SqlUpdate("INSERT INTO written (n) VALUES (1)")
    void insert();

    @SqlQuery("SELECT COUNT(*) FROM written")
    int count();

    @CreateSqlObject
    OneDao inner();

    @Transaction
    default void insertThenFail() {
      insert();
      inner().one();
      throw new IllegalStateException("after the insert");
    }
  }

  /** A factory that fails if asked to describe anything: a cache hit never asks it. */
  private static final ExtensionFactory NEVER_ASKED =
      new ExtensionFactory() {
        @Override
        public boolean accepts(Class<?> extensionType) {
          return true;
        }

        @Override
        public Collection<ExtensionHandlerFactory> getExtensionHandlerFactories(
            ConfigRegistry config) {
          throw new AssertionError("described again");
        }
      };

  private final Jdbi jdbi =
      Jdbi.create("jdbc:h2:mem:service-jdbi-test;DB_CLOSE_DELAY=-1")
          .installPlugin(new SqlObjectPlugin());

  @Test
  void aDescribedDaoAndTheDaosItCreatesAreDescribedForEveryHandleAndCallAlready() {
    ServiceJdbi.describeOnce(jdbi, List.of(OuterDao.class));

    ExtensionMetadata described =
        jdbi.getConfig(Extensions.class).findMetadata(OneDao.class, NEVER_ASKED);
    try (Handle handle = jdbi.open()) {
      assertThat(handle.getConfig(Extensions.class).findMetadata(OneDao.class, NEVER_ASKED))
          .isSameAs(described);
    }
    assertThat(
            jdbi.<Integer, OuterDao, RuntimeException>withExtension(
                OuterDao.class, OuterDao::viaInner))
        .isEqualTo(1);
  }

  /** The JDBI behaviour describeOnce works around; if JDBI changes it, this says so. */
  @Test
  void withoutItACallDescribesInACopyThatIsThrownAway() {
    assertThat(
            jdbi.<Integer, OuterDao, RuntimeException>withExtension(
                OuterDao.class, OuterDao::viaInner))
        .isEqualTo(1);

    assertThatThrownBy(
            () -> jdbi.getConfig(Extensions.class).findMetadata(OneDao.class, NEVER_ASKED))
        .isInstanceOf(AssertionError.class)
        .hasMessage("described again");
  }

  @Test
  void aDescribedDaosTransactionsStillRollBackWhole() {
    ServiceJdbi.describeOnce(jdbi, List.of(WritingDao.class));
    WritingDao dao = jdbi.onDemand(WritingDao.class);
    dao.create();

    assertThatThrownBy(dao::insertThenFail).hasMessage("after the insert");

    assertThat(dao.count()).isZero();
  }

  @Test
  void theBuiltJdbiComesWithTheCompactionOfAnEmbeddedFileOnly(@TempDir Path directory) {
    assertThat(managedAfterBuild("jdbc:h2:mem:service-jdbi-build"))
        .noneMatch(EmbeddedStoreHousekeeping.class::isInstance);

    List<Managed> managed =
        managedAfterBuild(DurableDatabase.h2FileUrl(directory.resolve("built")));
    assertThat(managed).filteredOn(EmbeddedStoreHousekeeping.class::isInstance).hasSize(1);
    // after the data source, so that it stops before the pool closes
    assertThat(indexOf(managed, EmbeddedStoreHousekeeping.class))
        .isGreaterThan(indexOf(managed, ManagedDataSource.class));
  }

  /**
   * What {@link ServiceJdbi#build} left for the service's lifecycle to start and stop, in order.
   */
  private static List<Managed> managedAfterBuild(String url) {
    Environment environment = new Environment("service-jdbi-test");
    DataSourceFactory factory = new DataSourceFactory();
    factory.setDriverClass("org.h2.Driver");
    factory.setUrl(url);
    factory.setUser("sa");
    ManagedDataSource dataSource = factory.build(environment.metrics(), "database");
    ServiceJdbi.build(environment, factory, dataSource);
    return environment.lifecycle().getManagedObjects().stream()
        .map(managed -> ((JettyManaged) managed).getManaged())
        .toList();
  }

  private static int indexOf(List<Managed> managed, Class<?> type) {
    return managed.indexOf(managed.stream().filter(type::isInstance).findFirst().orElseThrow());
  }

  @Test
  void aTypeNoExtensionFactoryAcceptsIsRefused() {
    assertThatThrownBy(() -> ServiceJdbi.describeOnce(jdbi, List.of(String.class)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("java.lang.String");
  }
}
