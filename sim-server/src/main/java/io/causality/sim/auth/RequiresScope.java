package io.causality.sim.auth;

import io.causality.sim.core.organization.Scope;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The API-key scope an endpoint needs; JWT users hold every scope. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface RequiresScope {
  Scope value();
}
