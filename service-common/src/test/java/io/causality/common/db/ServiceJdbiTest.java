package io.causality.common.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
  void aTypeNoExtensionFactoryAcceptsIsRefused() {
    assertThatThrownBy(() -> ServiceJdbi.describeOnce(jdbi, List.of(String.class)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("java.lang.String");
  }
}
