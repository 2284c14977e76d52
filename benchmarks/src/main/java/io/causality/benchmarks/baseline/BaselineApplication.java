package io.causality.benchmarks.baseline;

import com.fasterxml.jackson.databind.SerializationFeature;
import io.dropwizard.core.Application;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.jdbi3.JdbiFactory;
import org.jdbi.v3.core.Jdbi;

/**
 * The least a Dropwizard 5 application does to serve one database row as JSON: the outside anchor
 * of {@code GET /v1/simulations/{id}} in ops/bench/sim-http (docs/performance.md, "Simulation
 * HTTP"). One resource reads one row of the {@code simulations} summary's shape from H2 through
 * JDBI ({@code GET /rows/{id}}), and a bare resource answers a constant ({@code GET /hello}). No
 * authentication, filters, rate limits, usage metering or idempotency: only what Dropwizard itself
 * installs (Jersey, Jackson, metrics, the request log).
 *
 * <p>Run: {@code java -cp benchmarks.jar io.causality.benchmarks.baseline.BaselineApplication
 * server ops/bench/baseline-app.yml}.
 */
public final class BaselineApplication extends Application<BaselineConfiguration> {
  public static void main(String[] args) throws Exception {
    new BaselineApplication().run(args);
  }

  @Override
  public String getName() {
    return "baseline";
  }

  @Override
  public void initialize(Bootstrap<BaselineConfiguration> bootstrap) {
    // Times as ISO-8601 text, as the simulation service writes them.
    bootstrap.getObjectMapper().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
  }

  @Override
  public void run(BaselineConfiguration configuration, Environment environment) {
    DataSourceFactory database = configuration.getDatabase();
    // As in the project (ServiceJdbi): without this JDBI re-lexes each statement on every call,
    // and a baseline slowed by a known misconfiguration would flatter the service.
    database.setAutoCommentsEnabled(false);
    Jdbi jdbi = new JdbiFactory().build(environment, database, "database");
    RowDao rows = jdbi.onDemand(RowDao.class);
    rows.createTable();
    rows.replace(BaselineRow.sample());
    environment.jersey().register(new HelloResource());
    environment.jersey().register(new RowResource(rows));
  }
}
