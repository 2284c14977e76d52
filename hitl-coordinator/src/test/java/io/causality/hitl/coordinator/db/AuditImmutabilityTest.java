package io.causality.hitl.coordinator.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.junit.jupiter.api.Test;

/**
 * Audit rows are immutable: no DAO statement updates or deletes one. The one exception fills the
 * empty chain columns of an event written before the chain existed, never its content.
 */
class AuditImmutabilityTest {

  private static final List<Class<?>> DAOS =
      List.of(
          OverrideRequestDao.class,
          IssuedTokenDao.class,
          AuditEventDao.class,
          AuditChainStatements.class);

  private static final String LINK_UNCHAINED =
      "update audit_events set chain_seq = :sequence, previous_hash = :previoushash,"
          + " event_hash = :hash where id = :id and chain_seq is null";

  @Test
  void noStatementUpdatesOrDeletesAuditEvents() {
    List<String> statements =
        DAOS.stream()
            .flatMap(dao -> Arrays.stream(dao.getMethods()))
            .flatMap(AuditImmutabilityTest::sql)
            .map(s -> s.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").strip())
            .filter(s -> !s.equals(LINK_UNCHAINED))
            .toList();

    assertThat(statements)
        .isNotEmpty()
        .noneMatch(
            s ->
                s.contains("update audit_events")
                    || s.contains("delete from audit_events")
                    || s.contains("merge into audit_events")
                    || s.contains("truncate"));
    assertThat(statements).anyMatch(s -> s.startsWith("insert into audit_events"));
  }

  /**
   * A statement of its own that inserts into audit_events (in a transition's DAO, say) would skip
   * the chain: only AuditEventDao.insert, through the chain's statements, writes an event.
   */
  @Test
  void onlyTheChainInsertsAuditEvents() {
    assertThat(
            DAOS.stream()
                .filter(dao -> dao != AuditChainStatements.class)
                .flatMap(dao -> Arrays.stream(dao.getMethods()))
                .flatMap(AuditImmutabilityTest::sql)
                .map(s -> s.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").strip()))
        .noneMatch(s -> s.contains("into audit_events"));
  }

  @Test
  void theAuditDaoOnlyInserts() {
    assertThat(
            Arrays.stream(AuditEventDao.class.getMethods())
                .filter(m -> m.isAnnotationPresent(SqlUpdate.class)))
        .allMatch(m -> m.getAnnotation(SqlUpdate.class).value().strip().startsWith("INSERT"));
  }

  private static Stream<String> sql(Method method) {
    SqlUpdate update = method.getAnnotation(SqlUpdate.class);
    SqlBatch batch = method.getAnnotation(SqlBatch.class);
    return Stream.of(update == null ? null : update.value(), batch == null ? null : batch.value())
        .filter(s -> s != null);
  }
}
