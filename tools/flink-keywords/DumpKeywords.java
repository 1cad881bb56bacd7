// flinkddl: dump the keyword table of Flink's SQL parser (FlinkSqlParserImpl).
//
// Our own small tool. It asks Calcite's parser metadata (SqlAbstractParserImpl.getMetadata())
// about every token of the generated Flink parser and prints one TSV line per keyword:
//   word  non_reserved  reserved_word  reserved_function  context_variable  sql92_reserved
// (1/0 flags). Non-keyword tokens (punctuation, literal token kinds) are skipped.
// Run through run.sh, which puts the Flink 2.3.0 planner jar on the classpath.
import java.io.StringReader;
import java.util.TreeSet;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImpl;

public class DumpKeywords {
    private static String b(boolean v) { return v ? "1" : "0"; }

    public static void main(String[] args) {
        SqlAbstractParserImpl parser = FlinkSqlParserImpl.FACTORY.getParser(new StringReader(""));
        SqlAbstractParserImpl.Metadata md = parser.getMetadata();
        TreeSet<String> words = new TreeSet<>();
        for (String t : md.getTokens()) {
            if (md.isKeyword(t)) words.add(t);
        }
        System.out.println("word\tnon_reserved\treserved_word\treserved_function\tcontext_variable\tsql92_reserved");
        for (String w : words) {
            System.out.println(String.join("\t", w,
                    b(md.isNonReservedKeyword(w)), b(md.isReservedWord(w)),
                    b(md.isReservedFunctionName(w)), b(md.isContextVariableName(w)),
                    b(md.isSql92ReservedWord(w))));
        }
    }
}
