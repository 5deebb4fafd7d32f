package io.refsut.common.web;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.jackson.ObjectMapperCustomizer;

/**
 * Registers {@link InstantText} after Quarkus has registered Jackson's Java-time module (the lowest priority runs
 * last, and the module registered last is the one Jackson asks first).
 */
@Singleton
public class InstantTextCustomizer implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.registerModule(InstantText.module());
    }

    @Override
    public int priority() {
        return MINIMUM_PRIORITY;
    }
}
