package io.causality.sim.cli;

import io.dropwizard.db.DataSourceFactory;

/**
 * What an admin command needs of the service's configuration: its database, and whether the service
 * migrates it at startup (then the command does too, so that it never meets an older schema).
 */
public record AdminDatabase(DataSourceFactory dataSource, boolean migrateOnStart) {}
