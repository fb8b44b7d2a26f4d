package org.cloudprofiler.examples.flink.testing;

import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * A sink that keeps every record it receives in this JVM under its name, for the test that ran
 * the job on a local MiniCluster to read. Its writers may run on several task threads at once.
 */
public final class CollectingSink<T> implements Sink<T> {
    private static final long serialVersionUID = 1L;
    private static final Map<String, Queue<Object>> RECORDS = new ConcurrentHashMap<>();

    private final String name;

    private CollectingSink(String name) {
        this.name = name;
    }

    /** A sink keeping its records under {@code name}, which starts empty. */
    public static <T> CollectingSink<T> named(String name) {
        RECORDS.put(name, new ConcurrentLinkedQueue<>());
        return new CollectingSink<>(name);
    }

    /** Each record the sinks named {@code name} received, and how often. */
    @SuppressWarnings("unchecked")
    public static <T> Map<T, Long> received(String name) {
        return ((Queue<T>) RECORDS.get(name)).stream()
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }

    @Override
    public SinkWriter<T> createWriter(WriterInitContext context) {
        Queue<Object> records = RECORDS.get(name);
        return new SinkWriter<>() {
            @Override
            public void write(T record, Context context) {
                records.add(record);
            }

            @Override
            public void flush(boolean endOfInput) {}

            @Override
            public void close() {}
        };
    }
}
