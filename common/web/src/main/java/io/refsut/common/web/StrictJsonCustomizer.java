package io.refsut.common.web;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;

import io.quarkus.jackson.ObjectMapperCustomizer;

/**
 * Makes JSON input strict: no silent coercion between types, no unknown or duplicate properties, no control
 * characters in strings, UUIDs canonical and never empty or nil ({@link StrictValues}).
 */
@Singleton
public class StrictJsonCustomizer implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
                DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                DeserializationFeature.FAIL_ON_TRAILING_TOKENS,
                DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        for (CoercionInputShape shape : new CoercionInputShape[] { CoercionInputShape.Integer,
                CoercionInputShape.Float, CoercionInputShape.Boolean }) {
            mapper.coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail);
        }
        for (LogicalType type : new LogicalType[] { LogicalType.Integer, LogicalType.Float, LogicalType.Boolean }) {
            mapper.coercionConfigFor(type).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
            mapper.coercionConfigFor(type).setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        }
        mapper.coercionConfigFor(LogicalType.Enum).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        mapper.registerModule(StrictValues.module());
    }
}
