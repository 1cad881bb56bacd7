// Probe for flinkddl-types: asks the real Flink jars about LogicalTypeParser, printing,
// conversion classes, LogicalTypeCasts and LogicalTypeMerging. Scratch labelling tool only;
// see probe.sh. One JSON object per input line in, one per line out.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DistinctType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.utils.LogicalTypeCasts;
import org.apache.flink.table.types.logical.utils.LogicalTypeMerging;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;
import org.apache.flink.table.types.utils.TypeConversions;

public class TypeProbe {
    static final ObjectMapper M = new ObjectMapper();
    static final ClassLoader CL = TypeProbe.class.getClassLoader();

    static LogicalType parse(String s) {
        return LogicalTypeParser.parse(s, CL);
    }

    static void describe(ObjectNode out, LogicalType t) {
        out.put("summary", t.asSummaryString());
        try {
            out.put("serializable", t.asSerializableString());
        } catch (Throwable e) {
            out.put("serializable_error", e.getMessage());
        }
        out.put("root", t.getTypeRoot().name());
        out.put("nullable", t.isNullable());
        try {
            out.put("conversion", TypeConversions.fromLogicalToDataType(t).getConversionClass().getName());
        } catch (Throwable e) {
            out.put("conversion_error", e.getMessage());
        }
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream ps = new PrintStream(System.out, true, "UTF-8");
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            JsonNode n = M.readTree(line);
            ObjectNode out = M.createObjectNode();
            out.set("in", n);
            String op = n.get("op").asText();
            try {
                switch (op) {
                    case "parse": {
                        LogicalType t = parse(n.get("s").asText());
                        out.put("ok", true);
                        describe(out, t);
                        try {
                            LogicalType r = parse(t.asSerializableString());
                            out.put("roundtrip_equal", r.equals(t));
                        } catch (Throwable e) {
                            out.put("roundtrip_error", String.valueOf(e.getMessage()));
                        }
                        break;
                    }
                    case "cast": {
                        LogicalType a = parse(n.get("from").asText());
                        LogicalType b = parse(n.get("to").asText());
                        out.put("implicit", LogicalTypeCasts.supportsImplicitCast(a, b));
                        out.put("explicit", LogicalTypeCasts.supportsExplicitCast(a, b));
                        out.put("avoid", LogicalTypeCasts.supportsAvoidingCast(a, b));
                        break;
                    }
                    case "common": {
                        List<LogicalType> ts = new ArrayList<>();
                        for (JsonNode x : n.get("types")) ts.add(parse(x.asText()));
                        Optional<LogicalType> r = LogicalTypeMerging.findCommonType(ts);
                        if (r.isPresent()) {
                            out.put("result", r.get().asSummaryString());
                        } else {
                            out.putNull("result");
                        }
                        break;
                    }
                    case "dec": {
                        int p1 = n.get("p1").asInt(), s1 = n.get("s1").asInt();
                        int p2 = n.get("p2").asInt(), s2 = n.get("s2").asInt();
                        DecimalType d;
                        switch (n.get("kind").asText()) {
                            case "add": d = LogicalTypeMerging.findAdditionDecimalType(p1, s1, p2, s2); break;
                            case "mul": d = LogicalTypeMerging.findMultiplicationDecimalType(p1, s1, p2, s2); break;
                            case "div": d = LogicalTypeMerging.findDivisionDecimalType(p1, s1, p2, s2); break;
                            case "mod": d = LogicalTypeMerging.findModuloDecimalType(p1, s1, p2, s2); break;
                            default: throw new IllegalArgumentException("kind");
                        }
                        out.put("result", d.asSummaryString());
                        break;
                    }
                    case "round": {
                        DecimalType d = LogicalTypeMerging.findRoundDecimalType(
                                n.get("p").asInt(), n.get("s").asInt(), n.get("r").asInt());
                        out.put("result", d.asSummaryString());
                        break;
                    }
                    case "agg": {
                        LogicalType t = parse(n.get("s").asText());
                        out.put("sum", LogicalTypeMerging.findSumAggType(t).asSummaryString());
                        out.put("avg", LogicalTypeMerging.findAvgAggType(t).asSummaryString());
                        break;
                    }
                    case "distinct": {
                        LogicalType src = parse(n.get("source").asText());
                        DistinctType.Builder b = DistinctType.newBuilder(
                                ObjectIdentifier.of(n.get("cat").asText(), n.get("db").asText(), n.get("name").asText()), src);
                        if (n.has("description")) b.description(n.get("description").asText());
                        LogicalType t = b.build();
                        if (n.has("not_null")) t = t.copy(false);
                        describe(out, t);
                        break;
                    }
                    case "roots": {
                        ObjectNode r = M.createObjectNode();
                        for (org.apache.flink.table.types.logical.LogicalTypeRoot root :
                                org.apache.flink.table.types.logical.LogicalTypeRoot.values()) {
                            r.put(root.name(), root.getFamilies().toString());
                        }
                        out.set("roots", r);
                        break;
                    }
                    case "symbol": {
                        LogicalType t = new org.apache.flink.table.types.logical.SymbolType(!n.has("not_null"));
                        describe(out, t);
                        break;
                    }
                    default:
                        throw new IllegalArgumentException("unknown op " + op);
                }
            } catch (Throwable e) {
                out.put("ok", false);
                out.put("error_class", e.getClass().getName());
                out.put("error", String.valueOf(e.getMessage()));
                Throwable c = e;
                while (c.getCause() != null) c = c.getCause();
                if (c != e) {
                    out.put("root_class", c.getClass().getName());
                    out.put("root_error", String.valueOf(c.getMessage()));
                }
            }
            ps.println(M.writeValueAsString(out));
        }
    }
}
