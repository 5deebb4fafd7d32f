package io.refsut.loadtest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {

    @Test
    void parsesCountersGaugesAndHistogramBucketsWithLabels() {
        List<PrometheusText.Sample> samples = PrometheusText.parse("""
                # HELP sut_mongodb_operation_seconds time in MongoDB
                # TYPE sut_mongodb_operation_seconds histogram
                sut_mongodb_operation_seconds_bucket{collection="accounts",operation="find",outcome="success",le="1.0E-5"} 0.0
                sut_mongodb_operation_seconds_bucket{collection="accounts",operation="find",outcome="success",le="+Inf"} 12.0
                sut_mongodb_operation_seconds_count{collection="accounts",operation="find",outcome="success"} 12.0
                sut_transaction_partial_total{operation="make_payment"} 3
                jvm_threads_live_threads 42 1700000000000
                process_cpu_usage NaN
                # EOF
                """);
        assertEquals(6, samples.size());
        assertEquals(1.0E-5, Double.parseDouble(samples.get(0).label("le")));
        assertEquals(Double.POSITIVE_INFINITY, PrometheusText.number(samples.get(1).label("le")));
        assertEquals(12.0, samples.get(2).value());
        assertEquals(Map.of("operation", "make_payment"), samples.get(3).labels());
        assertEquals(42.0, samples.get(4).value());
        assertTrue(Double.isNaN(samples.get(5).value()));
    }

    @Test
    void unescapesLabelValues() {
        PrometheusText.Sample sample = PrometheusText.parseLine(
                "sut_mongodb_settings{database=\"a\\\"b\",w=\"majority\",note=\"x\\\\y\\nz, {}=\"} 1.0");
        assertEquals("a\"b", sample.label("database"));
        assertEquals("majority", sample.label("w"));
        assertEquals("x\\y\nz, {}=", sample.label("note"));
        assertEquals(1.0, sample.value());
    }

    @Test
    void skipsMalformedLines() {
        assertNull(PrometheusText.parseLine("metric{label=\"unterminated} 1"));
        assertNull(PrometheusText.parseLine("metric{label=unquoted} 1"));
        assertNull(PrometheusText.parseLine("metric notanumber"));
        assertEquals(1, PrometheusText.parse("ok 1\nbroken{\n").size());
    }

    @Test
    void acceptsEmptyLabelSetsAndTrailingCommas() {
        assertEquals(Map.of(), PrometheusText.parseLine("up{} 1").labels());
        assertEquals(Map.of("a", "1"), PrometheusText.parseLine("up{a=\"1\",} 1").labels());
        assertEquals(Double.NEGATIVE_INFINITY, PrometheusText.parseLine("g -Inf").value());
    }
}
