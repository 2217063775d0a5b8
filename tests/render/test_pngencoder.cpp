// The fast PNG encoder: what Qt decodes is the image, pixel for pixel (RGBA with every
// alpha, RGB, many bands and one, odd sizes), the bytes do not depend on the thread
// count, and the stream is valid zlib (its Adler-32 checked by the decoder).
#include "tilesmith/render/pngencoder.h"

#include <QRandomGenerator>
#include <QTest>

using namespace ts::render;

namespace {

QImage noise(int w, int h, QImage::Format format, quint32 seed) {
    QImage img(w, h, format);
    QRandomGenerator rng(seed);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            // Runs of one colour and noise, as pictures have both.
            const quint32 v = (x / 7 + y / 5) % 3 == 0 ? 0x80406020u : rng.generate();
            img.setPixel(x, y, format == QImage::Format_ARGB32 ? v : (v | 0xff000000u));
        }
    return img;
}

} // namespace

class TestPngEncoder : public QObject {
    Q_OBJECT

private slots:
    void decodesToTheSamePixels_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<bool>("alpha");
        QTest::newRow("1 x 1") << 1 << 1 << true;
        QTest::newRow("odd RGBA") << 37 << 11 << true;
        QTest::newRow("odd RGB") << 37 << 11 << false;
        // Over 1 MiB of rows: several bands.
        QTest::newRow("many bands RGBA") << 700 << 900 << true;
        QTest::newRow("many bands RGB") << 1500 << 500 << false;
    }
    void decodesToTheSamePixels() {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(bool, alpha);
        const QImage img =
            noise(width, height, alpha ? QImage::Format_ARGB32 : QImage::Format_RGB32, 7);
        const QByteArray one = encodePng(img, 1);
        QVERIFY(one.startsWith("\x89PNG\r\n\x1a\n"));
        QCOMPARE(one, encodePng(img, 3));
        QImage back;
        QVERIFY(back.loadFromData(one, "PNG"));
        QCOMPARE(back.hasAlphaChannel(), alpha);
        QCOMPARE(back.convertToFormat(img.format()), img);
    }

    void premultipliedIsWrittenUnpremultiplied() {
        QImage img(3, 1, QImage::Format_ARGB32_Premultiplied);
        img.setPixel(0, 0, qPremultiply(qRgba(200, 100, 50, 128)));
        img.setPixel(1, 0, 0);
        img.setPixel(2, 0, qRgb(1, 2, 3));
        QImage back;
        QVERIFY(back.loadFromData(encodePng(img), "PNG"));
        back = back.convertToFormat(QImage::Format_ARGB32);
        QCOMPARE(back.pixel(0, 0), img.convertToFormat(QImage::Format_ARGB32).pixel(0, 0));
        QCOMPARE(qAlpha(back.pixel(1, 0)), 0);
        QCOMPARE(back.pixel(2, 0), qRgb(1, 2, 3));
    }

    void nothingForNothing() { QVERIFY(encodePng(QImage()).isEmpty()); }
};

QTEST_GUILESS_MAIN(TestPngEncoder)
#include "test_pngencoder.moc"
